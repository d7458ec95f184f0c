import { Alert, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { loadQrDetector, type QrDetector } from './qr-detector.ts';

const CAMERA_STARTING_TEXT = 'Avvio della fotocamera…';
const NO_CAMERA_TEXT =
  "Non possiamo usare la fotocamera. Consenti l'accesso nelle impostazioni del browser, oppure apri il link del codice che ti hanno mandato.";
const NO_DECODER_TEXT =
  'Non riusciamo ad avviare il lettore di codici QR. Ricarica la pagina e riprova, oppure apri il link del codice che ti hanno mandato.';

/** At most this often a frame is decoded (about 10 a second), and never two at once. */
const FRAME_INTERVAL_MS = 100;

type ScannerState = 'starting' | 'scanning' | 'no-camera' | 'no-decoder';

/**
 * The rear camera's live picture, read until a QR code shows: `onCode` gets its text, once, and the camera
 * stops (it stops on unmount too). The decoder loads while the camera starts.
 */
export function QrScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>('starting');
  const found = useEffectEvent(onCode);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const fail = (failure: 'no-camera' | 'no-decoder') => {
      if (stopped) return;
      stop();
      setState(failure);
    };

    const scan = async (element: HTMLVideoElement, detector: QrDetector) => {
      if (stopped) return;
      const startedAt = performance.now();
      // HAVE_CURRENT_DATA: a frame to read.
      if (element.readyState >= 2) {
        let text: string | undefined;
        try {
          text = await detector.detect(element);
        } catch {
          return fail('no-decoder');
        }
        if (stopped) return;
        if (text) {
          stop();
          found(text);
          return;
        }
      }
      const wait = Math.max(0, FRAME_INTERVAL_MS - (performance.now() - startedAt));
      timer = setTimeout(() => void scan(element, detector), wait);
    };

    const start = async () => {
      const detectorLoaded = loadQrDetector();
      // Failing before the camera is up is reported once the camera is (below), not as an unhandled rejection.
      detectorLoaded.catch(() => undefined);
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        return fail('no-camera');
      }
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = stream;
      // Muted and inline, the video may play without a tap; a refusal still leaves frames to read.
      await element.play().catch(() => undefined);
      let detector: QrDetector;
      try {
        detector = await detectorLoaded;
      } catch {
        return fail('no-decoder');
      }
      if (stopped) return;
      setState('scanning');
      void scan(element, detector);
    };

    void start();
    return stop;
  }, []);

  if (state === 'no-camera' || state === 'no-decoder') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {state === 'no-camera' ? NO_CAMERA_TEXT : NO_DECODER_TEXT}
      </Alert>
    );
  }
  return (
    <Box
      pos="relative"
      w="100%"
      style={{ aspectRatio: '1', overflow: 'hidden', borderRadius: 8 }}
      bg="dark.9"
    >
      <video
        ref={video}
        muted
        playsInline
        aria-label="Inquadratura della fotocamera"
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      {state === 'starting' && (
        <Center pos="absolute" style={{ inset: 0 }}>
          <Stack align="center" gap="xs" role="status">
            <Loader color="white" aria-hidden />
            <Text c="white">{CAMERA_STARTING_TEXT}</Text>
          </Stack>
        </Center>
      )}
    </Box>
  );
}
