/**
 * Seeds bench/match.ts's albums in a process of its own, so that the bench's process RSS is the app
 * server's (the seeding's strings and buffers would stay in its heap). `node bench/seed-albums.ts URL
 * JSON`: JSON is `[{ stickers, collectors }, …]`, the first album's collectors made, the next ones
 * collected by the same people; each probe nickname in PROBES gets a collection of every album. Prints
 * the albums as JSON.
 */
import pg from 'pg';
import { giveCollection, type NationalAlbum, seedNationalAlbum } from './national-album.ts';

const [url, albumsJson, probesJson] = process.argv.slice(2) as [string, string, string];
const db = new pg.Client({ connectionString: url });
await db.connect();
const albums: NationalAlbum[] = [];
for (const [i, { stickers, collectors }] of (
  JSON.parse(albumsJson) as { stickers: number; collectors: number }[]
).entries()) {
  const started = performance.now();
  const album = await seedNationalAlbum(db, { stickers, collectors, existingCollectors: i > 0 });
  for (const nickname of JSON.parse(probesJson) as string[]) await giveCollection(db, nickname, album);
  console.error(
    `${new Date().toISOString()} seeded ${collectors} × ${stickers} in ${Math.round(performance.now() - started)} ms`,
  );
  albums.push(album);
}
await db.query('analyze');
await db.end();
console.log(JSON.stringify(albums));
