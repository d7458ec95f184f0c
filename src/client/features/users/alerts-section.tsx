import { Accordion, Divider, Stack } from '@mantine/core';
import { AlertKinds } from './alert-kinds.tsx';
import { ThisDevicePush } from './this-device-push.tsx';

/**
 * Profilo → 'Notifiche' (issue 33): this device's notifications, then every kind of alert with its push
 * and e-mail switches.
 */
export function AlertsSection({ userId }: { userId: number }) {
  return (
    <Accordion.Item value="notifications">
      <Accordion.Control>Notifiche</Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          <ThisDevicePush userId={userId} />
          <Divider />
          <AlertKinds />
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
