import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export const TOAST_DURATION_MS = 5000;

/** One toast at a time, as the spec asks: a new one replaces whatever is showing. */
export function showToast(color: 'red' | 'teal' | 'dark', title: string | undefined, message: ReactNode) {
  notifications.clean();
  notifications.show({ color, title, message, autoClose: TOAST_DURATION_MS, withBorder: true });
}

export function toastError(message: string, title = 'Errore') {
  showToast('red', title, message);
}

export function toastSuccess(title: string, message: string) {
  showToast('teal', title, message);
}
