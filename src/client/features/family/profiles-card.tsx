import { ActionIcon, Badge, Button, Card, Collapse, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { AgeBand } from '../../../rpc/schemas/age-band-rule.ts';
import type { Child } from '../../../rpc/schemas/family.ts';
import { CHILD_PROFILES_MAX } from '../../../rpc/schemas/family.ts';
import { type CurrentUser, trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';
import { AddChildForm } from './add-child-form.tsx';
import { useSwitchProfile } from './use-switch-profile.ts';

const BAND_TEXT: Record<AgeBand, string> = {
  under14: 'Meno di 14 anni',
  '14-17': '14-17 anni',
  '18+': 'Maggiorenne',
};

/**
 * Profilo's 'Profili', at the top of the screen (issue 45, row 2): a parent's own profile and their
 * children's, each with 'Usa'; acting as a child, who is in use and the way back. Only an adult adds
 * profiles, after verifying their e-mail.
 */
export function ProfilesCard({ user }: { user: CurrentUser }) {
  if (user.parent) return <ActingAsChild user={user} parent={user.parent} />;
  if (user.ageBand !== '18+') return null;
  return <ParentProfiles user={user} />;
}

function ActingAsChild({ user, parent }: { user: CurrentUser; parent: { id: number; nickname: string } }) {
  const switchProfile = useSwitchProfile();
  return (
    <Card component="section" aria-label="Profili" withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text fw={700}>Profili</Text>
        <Text size="sm">
          Stai usando il profilo di <strong>{user.nickname}</strong>: album, scambi e messaggi sono i suoi.
        </Text>
        <Button
          variant="light"
          loading={switchProfile.isPending}
          onClick={() => switchProfile.mutate({ profileId: parent.id })}
        >
          Torna a {parent.nickname}
        </Button>
      </Stack>
    </Card>
  );
}

function ParentProfiles({ user }: { user: CurrentUser }) {
  const children = trpc.family.children.useQuery(undefined, { enabled: user.emailVerified });
  const switchProfile = useSwitchProfile();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Child | null>(null);
  const list = children.data ?? [];
  return (
    <Card component="section" aria-label="Profili" withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text fw={700}>Profili</Text>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{user.nickname}</Text>
          <Badge variant="filled" color="teal.9">
            In uso
          </Badge>
        </Group>
        {list.map((child) => (
          <Group key={child.id} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {child.nickname}
              </Text>
              <Text size="xs" c="dimmed">
                {BAND_TEXT[child.ageBand]}
              </Text>
              {child.ageBandRose && (
                // The parent is told of a child's birthday here; the child's Home says what changes.
                <Text size="xs" c="indigo.8" fw={600}>
                  Compleanno: ora {BAND_TEXT[child.ageBandRose.to].toLowerCase()}
                </Text>
              )}
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="light"
                aria-label={`Usa il profilo di ${child.nickname}`}
                loading={switchProfile.isPending && switchProfile.variables.profileId === child.id}
                onClick={() => switchProfile.mutate({ profileId: child.id })}
              >
                Usa
              </Button>
              <ActionIcon
                variant="subtle"
                color="red.8"
                size={44}
                aria-label={`Elimina il profilo di ${child.nickname}`}
                onClick={() => setRemoving(child)}
              >
                <IconTrash size={20} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        {user.emailVerified ? (
          list.length < CHILD_PROFILES_MAX && (
            <>
              <Button
                variant="default"
                leftSection={<IconPlus size={18} aria-hidden />}
                aria-expanded={adding}
                onClick={() => setAdding((open) => !open)}
              >
                Aggiungi un profilo
              </Button>
              <Collapse expanded={adding}>
                <AddChildForm onDone={() => setAdding(false)} />
              </Collapse>
            </>
          )
        ) : (
          <Text size="sm" c="dimmed">
            Per aggiungere i profili dei tuoi figli verifica prima la tua e-mail (qui sotto, alla voce
            E-mail).
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Un figlio sotto i 14 anni non può avere un account suo: usa il suo profilo da qui. Vedi le sue
          proposte, i suoi scambi e i suoi messaggi, e ricevi tu i suoi avvisi.
        </Text>
      </Stack>
      <RemoveChildDialog child={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function RemoveChildDialog({ child, onClose }: { child: Child | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.family.deleteChild.useMutation({
    meta: { errorMessage: 'Errore nell’eliminare il profilo' },
    onSuccess: async () => {
      await utils.family.children.invalidate();
      toastSuccess(
        'Profilo eliminato',
        `Il profilo di ${child?.nickname} e i suoi dati sono stati eliminati`,
      );
      onClose();
    },
  });
  return (
    <Modal opened={child !== null} onClose={onClose} title="Elimina profilo" centered>
      <Stack gap="sm">
        <Text size="sm">
          Elimini per sempre il profilo di <strong>{child?.nickname}</strong> con la sua collezione; le sue
          proposte e gli scambi in corso vengono annullati.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annulla
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => child && remove.mutate({ id: child.id })}
          >
            Elimina profilo
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
