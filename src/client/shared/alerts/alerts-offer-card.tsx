import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../api/trpc.ts';
import { toastSuccess } from '../ui/toast.ts';
import { closeAlertsOffer } from './alerts-offer.ts';
import { pushSupport, rememberAlertsOfferAnswered } from './push-support.ts';
import { INSTALL_FIRST_TEXT, PUSH_REFUSED_TEXT } from './push-texts.ts';

type Step = 'ask' | 'working' | 'denied' | { failed: string };

/** The question fits the moment: who just proposed waits for an answer, who received one for the next. */
const TITLES = {
  sent: 'Vuoi sapere subito quando risponde?',
  received: 'Vuoi sapere subito quando arriva la prossima proposta?',
};

/**
 * 'Vuoi sapere subito quando risponde?' (or, under a proposal received, '… quando arriva la prossima
 * proposta?'): what the notifications are for, then the browser's own question only after 'Attiva le
 * notifiche' (a tap: browsers ask only within one). A refusal, or a browser that cannot subscribe, is
 * explained with where to change it later; whatever the answer, it is not offered again on this device.
 */
/** `received`: the proposal it sits under was made to me. */
export function AlertsOfferCard({ userId, received }: { userId: number; received: boolean }) {
  const utils = trpc.useUtils();
  const title = TITLES[received ? 'received' : 'sent'];
  const [step, setStep] = useState<Step>('ask');
  const installFirst = pushSupport() === 'install-first';

  const close = () => {
    rememberAlertsOfferAnswered();
    closeAlertsOffer();
  };

  const turnOn = () => {
    // First, in the tap itself: Safari asks only within a user's gesture.
    const answer = Notification.requestPermission();
    rememberAlertsOfferAnswered();
    setStep('working');
    void answer
      .then(async (permission) => {
        if (permission === 'denied') return setStep('denied');
        // The browser's question closed without an answer: as 'Non ora'.
        if (permission !== 'granted') return closeAlertsOffer();
        const device = await import('./push-device.ts');
        try {
          await device.subscribeThisDevice(utils.client, userId);
        } catch (error) {
          return setStep({ failed: device.pushErrorText(error) });
        }
        void utils.alerts.settings.invalidate();
        toastSuccess('Notifiche attive', 'Ti avviseremo di proposte, risposte e messaggi');
        closeAlertsOffer();
      })
      .catch(() => setStep({ failed: 'Impossibile attivare le notifiche: riprova più tardi' }));
  };

  let content: React.ReactNode;
  if (installFirst) {
    content = (
      <>
        <Text size="sm">
          Su iPhone e iPad le notifiche arrivano all'app aggiunta alla schermata Home. {INSTALL_FIRST_TEXT}
        </Text>
        <Button variant="default" onClick={close}>
          Ho capito
        </Button>
      </>
    );
  } else if (step === 'denied' || typeof step === 'object') {
    content = (
      <>
        <Text size="sm" role="alert">
          {step === 'denied' ? PUSH_REFUSED_TEXT : `${step.failed}. Puoi riprovare da Profilo → Notifiche.`}
        </Text>
        <Button variant="default" onClick={close}>
          Ho capito
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <Text size="sm">
          Ti mandiamo una notifica quando arriva una proposta, una risposta o un messaggio, anche ad app
          chiusa. Scegli quali in Profilo → Notifiche.
        </Text>
        <Stack gap="xs">
          <Button onClick={turnOn} loading={step === 'working'}>
            Attiva le notifiche
          </Button>
          <Button variant="default" onClick={close} disabled={step === 'working'}>
            Non ora
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <Card component="section" aria-label={title} withBorder radius="md" padding="sm" mt="xs" bg="indigo.0">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconBell size={20} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
          <Text fw={700} size="sm">
            {title}
          </Text>
        </Group>
        {content}
      </Stack>
    </Card>
  );
}
