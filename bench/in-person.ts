/**
 * `npm run bench:in-person`: the QR code of 'Scambio dal vivo' (issue 34). For albums of 720 and 980 stickers,
 * mid-season (55% owned, 15% of the stickers with a double to give) and late (95% owned, 35% with a double),
 * a collector with a 16-character nickname: the album code's bytes, its link's length on a real origin, the
 * QR version at error correction M and its modules a side, and how long the decoder the app falls back on
 * (zxing-cpp's WebAssembly reader, the build barcode-detector runs, here in Node) takes to read it:
 * - `code`: just the code and its quiet zone, 4 px a module;
 * - `cameraFrame`: the code filling a 640×480 frame as whole pixels a module allow, as the e2e's fake camera
 *   films it (the scanner decodes up to 10 frames a second).
 * The median and p95 of BENCH_RUNS (100) reads after 5 to warm up; `firstReadMs` is the run's first read,
 * the WebAssembly's compilation included (once per page on a phone). Prints one JSON object; `met` says
 * whether every code is within the version a phone reads at arm's length (18).
 *
 * BENCH_BROWSER=1 adds `scanToLists` (bench/in-person-scan.ts): the real app and two phones in Chromium,
 * offline, at full speed and at 4× CPU throttling, timing a read album code to 'Tu dai' and 'Ricevi' on
 * screen: BENCH_LINK_RUNS (20) times as a link, through the camera BENCH_FIRST_RUNS (3) times on a fresh
 * phone and BENCH_CAMERA_RUNS (10) times once the scanner has run. It builds the client, starts PostgreSQL
 * and a Chromium per fresh phone: minutes, where the rest takes seconds.
 */
import { performance } from 'node:perf_hooks';
import { encodeCode } from '../src/client/features/collection/in-person/album-code.ts';
import { type QrMatrix, QUIET_ZONE, qrMatrix } from '../src/client/shared/qr/qr-matrix.ts';
import { REALISTIC_ORIGIN, sampleAlbumCode, sampleAlbumLink } from '../test/support/album-codes.ts';
import { qrImage, readQrTexts, rgbaOf } from '../test/support/qr-image.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARM_UP = 5;
const MAX_VERSION = 18;
const NICKNAME = 'COLLEZIONISTA123';
const SEASONS = {
  mid: { owned: 0.55, freeDoubles: 0.15 },
  late: { owned: 0.95, freeDoubles: 0.35 },
};
const CAMERA = { width: 640, height: 480 };

const round = (value: number) => Math.round(value * 100) / 100;
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;

/** Reads the picture RUNS + WARM_UP times; every read must give the link back. */
async function timeReads(link: string, matrix: QrMatrix, modulePx: number, frame?: typeof CAMERA) {
  const image = rgbaOf(qrImage(matrix, modulePx, frame));
  const times: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run += 1) {
    const startedAt = performance.now();
    const texts = await readQrTexts(image);
    times.push(performance.now() - startedAt);
    if (texts[0] !== link) throw new Error(`read ${JSON.stringify(texts)} instead of the link`);
  }
  const sorted = times.slice(WARM_UP).sort((a, b) => a - b);
  return {
    imagePx: `${image.width}×${image.height}`,
    modulePx,
    medianMs: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
  };
}

const firstLink = sampleAlbumLink({ stickers: 720, ...SEASONS.mid, nickname: NICKNAME });
const firstImage = rgbaOf(qrImage(qrMatrix(firstLink), 4));
const firstStartedAt = performance.now();
await readQrTexts(firstImage);
const firstReadMs = round(performance.now() - firstStartedAt);

const albums = [];
for (const [season, shares] of Object.entries(SEASONS)) {
  for (const stickers of [720, 980]) {
    const options = { stickers, ...shares, nickname: NICKNAME };
    const link = sampleAlbumLink(options);
    const matrix = qrMatrix(link);
    const cameraModulePx = Math.floor(Math.min(CAMERA.width, CAMERA.height) / (matrix.size + 2 * QUIET_ZONE));
    albums.push({
      stickers,
      season,
      ...shares,
      codeBytes: encodeCode(sampleAlbumCode(options)).length,
      linkLength: link.length,
      qr: { version: matrix.version, errorCorrection: 'M', modulesPerSide: matrix.size },
      decode: {
        code: await timeReads(link, matrix, 4),
        cameraFrame: await timeReads(link, matrix, cameraModulePx, CAMERA),
      },
    });
  }
}

// Imported only when asked: it loads the server, Vite and Playwright.
const scanToLists =
  process.env.BENCH_BROWSER === '1'
    ? await (await import('./in-person-scan.ts')).measureScanToLists({
        link: Number(process.env.BENCH_LINK_RUNS ?? 20),
        camera: Number(process.env.BENCH_CAMERA_RUNS ?? 10),
        first: Number(process.env.BENCH_FIRST_RUNS ?? 3),
      })
    : undefined;

console.log(
  JSON.stringify(
    {
      origin: REALISTIC_ORIGIN,
      nicknameLength: NICKNAME.length,
      runs: RUNS,
      firstReadMs,
      albums,
      maxVersion: MAX_VERSION,
      met: albums.every((album) => album.qr.version <= MAX_VERSION),
      scanToLists,
    },
    null,
    2,
  ),
);
