import { randomBytes } from 'node:crypto';
import type { InPersonConflict, InPersonRole } from '../../src/rpc/schemas/swaps-in-person.ts';
import type { ApiClient } from './api-client.ts';

/** One phone's call to swaps.recordInPerson (what the web client sends once back online). */
export type InPersonCall = {
  key: string;
  albumId: number;
  otherNickname: string;
  role: InPersonRole;
  at: number;
  gives: number[];
  receives: number[];
};

/** Its answer, or the refusal's status and Italian message. */
export type InPersonAnswer = {
  status: number;
  swapId?: number;
  conflicts?: InPersonConflict[];
  message?: string;
};

type Phone = { api: ApiClient; nickname: string };

/** A fresh key, as two phones derive it from their album codes' nonces. */
export const inPersonKey = () => randomBytes(16).toString('hex');

/** Epoch seconds, `secondsAgo` before now. */
export const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;

/**
 * The two phones' calls for one swap at a table: `picker` read `shower`'s album code and chose; the picker
 * handed over `pickerGives` and received `showerGives`.
 */
export function tableSwap(options: {
  picker: Phone;
  shower: Phone;
  albumId: number;
  pickerGives: number[];
  showerGives: number[];
  at?: number;
  key?: string;
}) {
  const common = {
    key: options.key ?? inPersonKey(),
    albumId: options.albumId,
    at: options.at ?? secondsAgo(600),
  };
  const picker: InPersonCall = {
    ...common,
    otherNickname: options.shower.nickname,
    role: 'picker',
    gives: options.pickerGives,
    receives: options.showerGives,
  };
  const shower: InPersonCall = {
    ...common,
    otherNickname: options.picker.nickname,
    role: 'shower',
    gives: options.showerGives,
    receives: options.pickerGives,
  };
  return { picker, shower };
}

/** The call as the web client makes it: a tRPC mutation (a POST of its input). */
export async function recordInPerson(phone: { api: ApiClient }, call: unknown): Promise<InPersonAnswer> {
  const response = await phone.api.request<{
    result?: { data: { swapId: number; conflicts: InPersonConflict[] } };
    error?: { message: string };
  }>('POST', '/trpc/swaps.recordInPerson', { json: call });
  const data = response.body.result?.data;
  return data
    ? { status: response.status, ...data }
    : { status: response.status, message: response.body.error?.message };
}
