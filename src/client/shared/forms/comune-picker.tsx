import { Select, Text } from '@mantine/core';
import { SHARED_CAP_MESSAGE, UNKNOWN_CAP_MESSAGE } from '../../../rpc/schemas/users-messages.ts';
import { trpc } from '../api/trpc.ts';

type Props = { cap: string; value: string | undefined; onChange: (comune: string | undefined) => void };

/**
 * Below the CAP field (registration, profile): the CAP's comune when it has one, else a searchable list
 * of its comuni (a shared CAP) or of its postal area's (a CAP the table does not know), so no CAP in use
 * is a dead end (docs/cap-data.md).
 */
export function ComunePicker({ cap, value, onChange }: Props) {
  const choices = trpc.users.capComuni.useQuery(
    { cap },
    { enabled: /^\d{5}$/.test(cap), staleTime: Infinity },
  );
  if (!/^\d{5}$/.test(cap) || !choices.data) return null;
  const { known, comuni } = choices.data;
  const [only] = comuni;
  if (known && only && comuni.length === 1) {
    return (
      <Text size="sm" c="dimmed" mt={-6}>
        Comune: {only.nome} ({only.sigla})
      </Text>
    );
  }
  return (
    <Select
      label="Il tuo comune"
      description={known ? SHARED_CAP_MESSAGE : UNKNOWN_CAP_MESSAGE}
      placeholder="Scrivi il nome del comune"
      data={comuni.map((c) => ({ value: c.code, label: `${c.nome} (${c.sigla})` }))}
      value={value ?? null}
      onChange={(code) => onChange(code ?? undefined)}
      searchable
      limit={50}
      nothingFoundMessage="Nessun comune con questo nome"
    />
  );
}
