/** From the start to both lists in the DOM and to the next frame; the lists' titles then. */
export type Times = { domMs: number; frameMs: number; titles: string[] };
/**
 * Where a scan's time went: the tap until the scanner asks for the camera (its chunk, the render), the
 * camera starting (getUserMedia), reading (the video playing, the decoder ready, frames decoded until the
 * code: the scanner stops the camera then), and the lists (the code used, both lists rendered, a frame).
 */
export type ScanPhases = { scannerMs: number; cameraMs: number; readMs: number; listsMs: number };
export type ScanTimes = Times & { phases: ScanPhases };
export type PageTimer = {
  /** Resolves once both lists' titles are in the DOM, with the times from `startedAt`. */
  listsShown: (startedAt: number) => Promise<Times>;
  /** Times the next scan, from the next click (the tap on 'Scansiona'), into `scan`. */
  armScan: () => void;
  scan?: Promise<ScanTimes>;
};

/**
 * For `addInitScript`: runs in the page before its own scripts, at every load, and puts a PageTimer on
 * `globalThis.pageTimer`. It checks for the lists ('Tu dai: …', 'Ricevi: …') at every DOM change and stops
 * at the next animation frame, the one that paints them; it watches getUserMedia and the camera's tracks
 * being stopped for a scan's phases. Self-contained: Playwright sends it to the page as its source.
 */
export function installPageTimer() {
  const titlesNow = () =>
    Array.from(document.querySelectorAll('legend'), (legend) => legend.textContent ?? '');
  const shown = (titles: string[]) =>
    titles.some((t) => t.startsWith('Tu dai:')) && titles.some((t) => t.startsWith('Ricevi:'));
  const listsShown = (startedAt: number) =>
    new Promise<Times>((resolve, reject) => {
      const observer = new MutationObserver(() => {
        const titles = titlesNow();
        if (!shown(titles)) return;
        observer.disconnect();
        clearTimeout(timeout);
        const domMs = performance.now() - startedAt;
        requestAnimationFrame(() => resolve({ domMs, frameMs: performance.now() - startedAt, titles }));
      });
      const timeout = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`no lists after 30 s: ${document.body.textContent?.slice(0, 300)}`));
      }, 30_000);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });

  const camera: { asked?: number; on?: number; stopped?: number } = {};
  const media = navigator.mediaDevices;
  if (media) {
    const getUserMedia = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      camera.asked ??= performance.now();
      const stream = await getUserMedia(constraints);
      camera.on ??= performance.now();
      return stream;
    };
  }
  const stop = MediaStreamTrack.prototype.stop;
  MediaStreamTrack.prototype.stop = function (this: MediaStreamTrack) {
    if (camera.on !== undefined) camera.stopped ??= performance.now();
    stop.call(this);
  };

  const timer: PageTimer = {
    listsShown,
    armScan: () => {
      const start = () => {
        const startedAt = performance.now();
        delete camera.asked;
        delete camera.on;
        delete camera.stopped;
        timer.scan = listsShown(startedAt).then((times) => {
          const { asked = Number.NaN, on = Number.NaN, stopped = Number.NaN } = camera;
          const phases = {
            scannerMs: asked - startedAt,
            cameraMs: on - asked,
            readMs: stopped - on,
            listsMs: startedAt + times.frameMs - stopped,
          };
          return { ...times, phases };
        });
      };
      document.addEventListener('click', start, { capture: true, once: true });
    },
  };
  (globalThis as unknown as { pageTimer: PageTimer }).pageTimer = timer;
}
