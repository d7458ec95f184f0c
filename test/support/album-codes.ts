import {
  type AlbumCode,
  type CodeState,
  codeLink,
  fingerprint,
} from '../../src/client/features/collection/in-person/album-code.ts';

/** An origin as long as a real one's, for links of a realistic length. */
export const REALISTIC_ORIGIN = 'https://scambiofigurine.it';

/**
 * A collector's album code as 'Scambio dal vivo' makes it: `owned` of the stickers (a share, 0–1) marked
 * as owned, `freeDoubles` of them with a double to give, spread over the album by a fixed pseudo-random
 * order (the same code every run). The nickname is the longest allowed unless given.
 */
export function sampleAlbumCode({
  stickers,
  owned,
  freeDoubles,
  nickname = 'COLLEZIONISTA123',
}: {
  stickers: number;
  owned: number;
  freeDoubles: number;
  nickname?: string;
}): AlbumCode {
  let seed = stickers;
  const order = Array.from({ length: stickers }, (_, i) => i)
    .map((position) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return { position, rank: seed };
    })
    .sort((a, b) => a.rank - b.rank)
    .map(({ position }) => position);
  const states: CodeState[] = Array.from({ length: stickers }, () => 0);
  order.forEach((position, i) => {
    if (i < Math.round(freeDoubles * stickers)) states[position] = 2;
    else if (i < Math.round(owned * stickers)) states[position] = 1;
  });
  return {
    kind: 'album',
    albumId: 1234,
    fingerprint: fingerprint(Array.from({ length: stickers }, (_, i) => String(i + 1))),
    nickname,
    createdAt: 1_795_000_000,
    nonce: Uint8Array.from({ length: 8 }, (_, i) => (i * 37 + stickers) % 256),
    states,
  };
}

/** The link a sample album code travels as, on a realistic origin. */
export const sampleAlbumLink = (options: Parameters<typeof sampleAlbumCode>[0]) =>
  codeLink(REALISTIC_ORIGIN, sampleAlbumCode(options));
