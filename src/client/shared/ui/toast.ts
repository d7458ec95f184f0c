import { notifications } from '@mantine/notifications';

export const TOAST_DURATION_MS = 5000;

/** One toast at a time, as the spec asks: a new one replaces whatever is showing. */
function show(color: 'red' | 'teal', title: string, message: string) {
  notifications.clean();
  notifications.show({ color, title, message, autoClose: TOAST_DURATION_MS, withBorder: true });
}

export function toastError(message: string, title = 'Errore') {
  show('red', title, message);
}

export function toastSuccess(title: string, message: string) {
  show('teal', title, message);
}
