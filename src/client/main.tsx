import './app/mantine.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadOpeningScreen } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { installTouchBehaviour } from './app/touch-behaviour.ts';
import { installErrorReporter } from './shared/error-reporting/error-reporter.ts';

// Before the app renders: its first requests already go through the reporter's fetch.
installErrorReporter();
installTouchBehaviour();
preloadOpeningScreen();
registerServiceWorker();

const container = document.getElementById('root');
if (container) {
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
        <App />
      </StrictMode>,
    ),
  );
}
