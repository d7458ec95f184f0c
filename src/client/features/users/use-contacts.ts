import { trpc } from '../../shared/api/trpc.ts';

/** Who runs the service and where to write, as the operator set them (GET /api/contatti). */
export const useContacts = () => trpc.users.contacts.useQuery(undefined, { staleTime: 60 * 60_000 });

/** What a contact the operator has not set reads as. */
export const orUnset = (value: string | null | undefined, loading: boolean) =>
  loading ? 'caricamento...' : (value ?? 'non configurato');
