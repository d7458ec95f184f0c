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
  },
});

export class Album extends AlbumSchema.class {}
AlbumSchema.setClass(Album);
