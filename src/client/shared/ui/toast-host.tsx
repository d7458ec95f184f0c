import './toast-mantine.css';
import { Notifications } from '@mantine/notifications';

export { notifications } from '@mantine/notifications';

/** Where toasts show, mounted with the first one; each toast says how long it stays (see `showToast`). */
export function ToastHost() {
  return <Notifications position="top-center" limit={1} />;
}
