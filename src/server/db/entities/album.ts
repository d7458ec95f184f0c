import { defineEntity, p } from '@mikro-orm/core';

const AlbumSchema = defineEntity({
  name: 'Album',
  tableName: 'album',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    year: p.integer(),
    /** The admin's order: lists show albums by ascending position. */
    position: p.integer().default(0),
    /** Next free bit in the collection bitmaps of this album (see src/server/collection/). */
    nextSlot: p.integer().default(0),
    /** Length of every collection bitmap of this album; grows in steps when stickers are added. */
    slotCapacity: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** 'Ordina le ultime' offers the list when the missing (extras aside) are at most this many (issue 49). */
    orderLimit: p.integer().default(50),
    /** The admin's price of one sticker ordered, in cents, for an estimate; none when unknown. */
    orderPriceCents: p.integer().nullable(),
  },
});

export class Album extends AlbumSchema.class {}
AlbumSchema.setClass(Album);
