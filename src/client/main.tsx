import './app/mantine.css';
import './app/global.css';
import './app/tap-targets.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppClients } from './app/app-clients.ts';
import { preloadOpeningScreen, router } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { installTouchBehaviour } from './app/touch-behaviour.ts';
import { whenSettled } from './app/when-settled.ts';
import { installErrorReporter } from './shared/error-reporting/error-reporter.ts';
import { preloadToasts } from './shared/ui/toast.ts';

/** How long the skeleton waits for the opening screen to be resolved before React renders anyway. */
const FIRST_SCREEN_WAIT_MS = 800;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Each step of the start is a task of its own, after the scripts' evaluation: a slow phone paints and
 * answers a tap in between, and none of them is long enough to block it.
 */
const nextTask = () => wait(0);

async function start(container: HTMLElement) {
  // Before the app asks anything: its first requests already go through the reporter's fetch.
  installErrorReporter();
  installTouchBehaviour();
  preloadOpeningScreen();
  registerServiceWorker();
  // Toasts mostly answer a tap: the first one fetches their code, if the page has not settled yet.
  whenSettled(preloadToasts);
  for (const type of ['pointerdown', 'keydown']) {
    window.addEventListener(type, preloadToasts, { once: true, passive: true });
  }
  await nextTask();

  const clients = createAppClients();
  router.update({
    ...router.options,
    context: { queryClient: clients.queryClient, trpcUtils: clients.trpcUtils },
  });
  // The opening screen is resolved (guard, redirect, its code) before the first render, while the
  // skeleton shows: React then renders it once, in slices, instead of rendering the guard's loader and
  // rendering again, synchronously, at each step of the router's load. A guard still waiting after
  // FIRST_SCREEN_WAIT_MS (a slow network) renders as before: the spec's 'Caricamento...'.
  await Promise.race([router.load().catch(() => undefined), wait(FIRST_SCREEN_WAIT_MS)]);

  // index.html's skeleton goes as soon as React has put anything on screen.
  const skeletonRemover = new MutationObserver(() => {
    document.getElementById('boot')?.remove();
    skeletonRemover.disconnect();
  });
  skeletonRemover.observe(container, { childList: true });
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser in between, instead of one long task a slow phone cannot answer a tap during.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App clients={clients} />
      </StrictMode>,
    ),
  );
}

const container = document.getElementById('root');
if (container) setTimeout(() => void start(container), 0);
