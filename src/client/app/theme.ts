import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Big enough to hit with a thumb at the newsstand.
    Button: { defaultProps: { size: 'md' } },
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostra o nascondi la password' } },
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Chiudi' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Chiudi notifica' } } },
  },
});
