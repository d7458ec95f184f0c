import { defineEntity, p } from '@mikro-orm/core';
import { Album } from './album.ts';

const StickerSchema = defineEntity({
  name: 'Sticker',
  tableName: 'sticker',
  properties: {
    id: p.integer().primary().autoincrement(),
    album: () => p.manyToOne(Album).deleteRule('cascade'),
    /** Text, not a number: real albums have codes like `ITA 12` or `FWC 3`. */
    number: p.string().length(20),
    name: p.string().length(200).default(''),
    team: p.string().length(100).nullable(),
    description: p.string().length(500).nullable(),
    /** This sticker's bit in the album's collection bitmaps; never reused while the sticker exists. */
    slot: p.integer(),
    /** The sticker's place in the printed album: import order, then as the admin rearranges it. */
    position: p.integer().default(0),
    /** 'base', 'speciale' (a foil, a metallic…) or 'extra' (out of the album's completion): issue 49. */
    kind: p.string().default('base'),
    /** The printed album's section it belongs to ('Calciomercato', a team), when the admin names one. */
    section: p.string().length(60).nullable(),
  },
  uniques: [{ properties: ['album', 'number'] }, { properties: ['album', 'slot'] }],
});

export class Sticker extends StickerSchema.class {}
StickerSchema.setClass(Sticker);
