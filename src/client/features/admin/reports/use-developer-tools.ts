import { useLocalStorage } from '@mantine/hooks';

/**
 * 'Strumenti per sviluppatori': the prompt for a coding assistant ('Testo per Replit') is a developer's
 * tool, not moderation, so it shows only once switched on; remembered on this device.
 */
export function useDeveloperTools() {
  return useLocalStorage({
    key: 'admin-developer-tools',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
}
