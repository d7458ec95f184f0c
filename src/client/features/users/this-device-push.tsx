import { Alert, Stack, Switch, Text } from '@mantine/core';
import { IconBellOff, IconDeviceMobile } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  isThisDeviceSubscribed,
  pushErrorText,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../../shared/alerts/push-device.ts';
import { notificationPermission, pushSupport } from '../../shared/alerts/push-support.ts';
import {
  INSTALL_FIRST_TEXT,
  PUSH_BLOCKED_TEXT,
  PUSH_UNSUPPORTED_TEXT,
} from '../../shared/alerts/push-texts.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/**
 * The browser's answer as it changes: the collector may allow or block the site in the browser's settings
 * meanwhile, and come back to this screen.
 */
function usePermission() {
  const [permission, setPermission] = useState(notificationPermission);
  useEffect(() => {
    const update = () => setPermission(notificationPermission());
    let status: PermissionStatus | undefined;
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((answer) => {
        status = answer;
        status.addEventListener('change', update);
      })
      .catch(() => undefined);
    document.addEventListener('visibilitychange', update);
    return () => {
      status?.removeEventListener('change', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);
  return [permission, setPermission] as const;
}

/**
 * 'Notifiche su questo dispositivo': on asks the browser's permission (after the line saying why) and
 * subscribes this device; off unsubscribes it. Blocked, unsupported, or an iPhone outside the Home Screen:
 * what to do instead.
 */
export function ThisDevicePush({ userId }: { userId: number }) {
  const utils = trpc.useUtils();
  const support = pushSupport();
  const [permission, setPermission] = usePermission();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (support !== 'supported') return;
    if (permission !== 'granted') return setSubscribed(false);
    let current = true;
    void isThisDeviceSubscribed(userId)
      .then((answer) => current && setSubscribed(answer))
      .catch(() => current && setSubscribed(false));
    return () => {
      current = false;
    };
  }, [support, userId, permission]);

  if (support === 'install-first') {
    return (
      <Alert color="indigo" variant="light" icon={<IconDeviceMobile aria-hidden />} role="status">
        <Text size="sm" fw={600}>
          Su iPhone e iPad le notifiche arrivano all'app aggiunta alla schermata Home.
        </Text>
        <Text size="sm">{INSTALL_FIRST_TEXT}</Text>
      </Alert>
    );
  }
  if (support === 'unsupported') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {PUSH_UNSUPPORTED_TEXT}
      </Text>
    );
  }

  const done = (on: boolean) => {
    setSubscribed(on);
    void utils.alerts.settings.invalidate();
    toastSuccess(
      on ? 'Notifiche attive' : 'Notifiche disattivate',
      on ? 'Questo dispositivo riceverà i tuoi avvisi' : 'Questo dispositivo non riceverà più avvisi',
    );
  };

  const turnOn = () => {
    // In the tap itself: browsers ask only within a user's gesture.
    const answer =
      permission === 'granted'
        ? Promise.resolve<NotificationPermission>('granted')
        : Notification.requestPermission();
    setProblem(null);
    setWorking(true);
    answer
      .then(async (next) => {
        setPermission(next);
        if (next !== 'granted') return;
        await subscribeThisDevice(utils.client, userId);
        done(true);
      })
      .catch((error: unknown) => setProblem(pushErrorText(error)))
      .finally(() => setWorking(false));
  };

  const turnOff = () => {
    setProblem(null);
    setWorking(true);
    unsubscribeThisDevice(utils.client, userId)
      .then(() => done(false))
      .catch((error: unknown) => setProblem(pushErrorText(error)))
      .finally(() => setWorking(false));
  };

  const blocked = permission === 'denied';
  return (
    <Stack gap="xs">
      <Switch
        size="md"
        label="Notifiche su questo dispositivo"
        description={
          subscribed
            ? 'Questo dispositivo riceve i tuoi avvisi anche ad app chiusa'
            : `Ti avvisiamo di proposte, risposte e messaggi anche ad app chiusa${permission === 'default' ? ': il browser ti chiederà il permesso' : ''}`
        }
        checked={!blocked && subscribed === true}
        disabled={blocked || working || subscribed === null}
        onChange={(event) => (event.currentTarget.checked ? turnOn() : turnOff())}
      />
      {blocked && (
        <Alert color="orange" variant="light" icon={<IconBellOff aria-hidden />} role="status">
          <Text size="sm">{PUSH_BLOCKED_TEXT}.</Text>
        </Alert>
      )}
      {problem && (
        <Text size="sm" c="red.7" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
