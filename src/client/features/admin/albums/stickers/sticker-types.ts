import type { RouterOutputs } from '../../../../shared/api/trpc.ts';
import type { AdminAlbum } from '../album-row.tsx';

export type AdminSticker = RouterOutputs['stickers']['list'][number];

/** A dialog opened over 'Gestisci Figurine', with what it acts on. */
export type StickerTarget = { kind: 'edit' | 'delete'; albumId: number; sticker: AdminSticker };
export type ClearTarget = { kind: 'clear'; album: AdminAlbum; count: number };
/** 'Sezione' for the stickers selected in the table. */
export type SectionTarget = { kind: 'section'; albumId: number; stickers: AdminSticker[] };
export type StickerDialog = StickerTarget | ClearTarget | SectionTarget;

/** The admin shows a sticker's name, else its description (spec §3). */
export const stickerText = (sticker: AdminSticker) => sticker.name || sticker.description || '';

/** Dialogs over the manage dialog sit above it (Mantine's modals are at 200). */
export const INNER_DIALOG_Z_INDEX = 300;
