import './app/mantine.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { installTouchBehaviour } from './app/touch-behaviour.ts';
import { installErrorReporter } from './shared/error-reporting/error-reporter.ts';

// Before the app renders: its first requests already go through the reporter's fetch.
installErrorReporter();
installTouchBehaviour();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
