import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { sampleAlbumLink } from '../../../../test/support/album-codes.ts';
import { qrImage, readQrTexts, rgbaOf } from '../../../../test/support/qr-image.ts';
import { QrCode } from './qr-code.tsx';
import { type QrMatrix, QUIET_ZONE, qrMatrix } from './qr-matrix.ts';

/** Mid-season: 55% owned, 15% with a double to give; the code's length does not depend on the states. */
const albumLink = (stickers: number) => sampleAlbumLink({ stickers, owned: 0.55, freeDoubles: 0.15 });

/** The SVG's dark modules, read back from its path (`M x y h w v1 h-w z`, one per run of a row). */
function svgModules(svg: string): { side: number; dark: Set<string> } {
  const side = Number(svg.match(/viewBox="0 0 (\d+) \1"/)?.[1]);
  const path = svg.match(/<path d="([^"]*)"/)?.[1] ?? '';
  const dark = new Set<string>();
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(width); i += 1) dark.add(`${Number(x) + i},${y}`);
  }
  return { side, dark };
}

const darkOf = ({ dark }: QrMatrix) =>
  new Set(
    dark.flatMap((row, y) =>
      row.flatMap((isDark, x) => (isDark ? [`${x + QUIET_ZONE},${y + QUIET_ZONE}`] : [])),
    ),
  );

test("a 980-sticker album's link is a version 14 code at M, 73 modules a side; 720 stickers, version 12", () => {
  const link980 = albumLink(980);
  expect(link980.length).toBe(350);
  expect(qrMatrix(link980)).toMatchObject({ version: 14, size: 73 });
  expect(qrMatrix(albumLink(720))).toMatchObject({ version: 12, size: 65 });
});

test('the SVG draws every dark module of the code and nothing else, inside a quiet zone of 4', () => {
  const link = albumLink(980);
  const matrix = qrMatrix(link);
  const svg = renderToStaticMarkup(createElement(QrCode, { text: link, size: 320 }));

  expect(svg).toContain('role="img"');
  expect(svg).toContain('aria-label="Codice QR"');
  expect(svg).toMatch(/width="320" height="320"/);
  expect(svg).toContain('fill="#ffffff"');
  const { side, dark } = svgModules(svg);
  expect(side).toBe(73 + 2 * QUIET_ZONE);
  expect(dark).toEqual(darkOf(matrix));
});

test('without a size the code fills the width of its container', () => {
  const svg = renderToStaticMarkup(createElement(QrCode, { text: 'https://scambiofigurine.it/dal-vivo#AQ' }));
  const openingTag = svg.slice(0, svg.indexOf('>'));
  expect(openingTag).toContain('width="100%"');
  expect(openingTag).not.toContain('height=');
});

test('the code reads back as the link, with the decoder the app falls back on', async () => {
  const link = albumLink(980);
  expect(await readQrTexts(rgbaOf(qrImage(qrMatrix(link), 4)))).toEqual([link]);
});
