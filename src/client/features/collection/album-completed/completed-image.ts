import { italianDay } from '../../../../rpc/schemas/italian-dates.ts';

/**
 * The 'Album completato' picture to share (issue 49): drawn on a canvas on the device, a square PNG as the
 * chat apps and stories take it. It names the album, the collector's nickname, the day and the swaps that
 * completed it; never a place (no comune, no CAP, no distance): it is shown to anyone.
 */
export const IMAGE_SIZE = 1080;

export type CompletedAlbum = {
  name: string;
  year: number;
  nickname: string;
  /** My completed swaps in the album; undefined when not known (offline): the line is left out. */
  swaps: number | undefined;
  on: Date;
};

/** '12 scambi fatti per completarlo'. */
export function swapsLine(count: number): string {
  if (count === 0) return 'Completato senza scambi';
  return count === 1 ? '1 scambio fatto per completarlo' : `${count} scambi fatti per completarlo`;
}

/** 'scambio-figurine-campionato-fantasia-2026.png': the album's name, accents and signs aside. */
export function imageFileName(albumName: string): string {
  const slug = albumName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `scambio-figurine-${slug || 'album'}.png`;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MARGIN = 90;
const WIDTH = IMAGE_SIZE - 2 * MARGIN;
const MIDDLE = IMAGE_SIZE / 2;
// Mantine's indigo 7 (the app's primary) to violet 9, white text on both; yellow 5 for the medal.
const BACKGROUND = ['#3b5bdb', '#5f3dc4'] as const;
const MEDAL = '#fcc419';
const MEDAL_INK = '#364fc7';
const NAME_TOP = 540;
const NAME_BLOCK = 230;
const YEAR_GAP = 8;

type Fitted = { size: number; lines: string[] };

const lineHeight = (size: number) => Math.round(size * 1.2);

/** The text in lines no wider than WIDTH, a word wider than that broken where it must. */
function wrap(context: CanvasRenderingContext2D, text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (context.measureText(joined).width <= WIDTH) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const character of word) {
      if (line && context.measureText(line + character).width > WIDTH) {
        lines.push(line);
        line = '';
      }
      line += character;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest size from `largest` down to `smallest` at which the text fits in `maxLines` lines and
 * `maxHeight` pixels; at the smallest, cut with '…' if it still does not.
 */
function fitText(
  context: CanvasRenderingContext2D,
  text: string,
  weight: number,
  [largest, smallest]: [number, number],
  maxLines = 1,
  maxHeight = Number.POSITIVE_INFINITY,
): Fitted {
  for (let size = largest; size >= smallest; size -= 4) {
    context.font = `${weight} ${size}px ${FONT}`;
    const lines = wrap(context, text);
    if (lines.length <= maxLines && lines.length * lineHeight(size) <= maxHeight) return { size, lines };
  }
  context.font = `${weight} ${smallest}px ${FONT}`;
  const all = wrap(context, text);
  const lines = all.slice(0, Math.max(1, Math.min(maxLines, Math.floor(maxHeight / lineHeight(smallest)))));
  if (lines.length === all.length) return { size: smallest, lines };
  let last = lines.pop() ?? '';
  while (last && context.measureText(`${last}…`).width > WIDTH) last = last.slice(0, -1);
  return { size: smallest, lines: [...lines, `${last.trimEnd()}…`] };
}

function write(
  context: CanvasRenderingContext2D,
  { size, lines }: Fitted,
  weight: number,
  top: number,
  alpha = 1,
) {
  context.font = `${weight} ${size}px ${FONT}`;
  context.globalAlpha = alpha;
  lines.forEach((line, index) => {
    context.fillText(line, MIDDLE, top + size + index * lineHeight(size));
  });
  context.globalAlpha = 1;
  return top + lines.length * lineHeight(size);
}

function drawMedal(context: CanvasRenderingContext2D, centerY: number) {
  context.fillStyle = MEDAL;
  context.beginPath();
  context.arc(MIDDLE, centerY, 96, 0, 2 * Math.PI);
  context.fill();
  context.strokeStyle = MEDAL_INK;
  context.lineWidth = 22;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.beginPath();
  context.moveTo(MIDDLE - 46, centerY + 2);
  context.lineTo(MIDDLE - 12, centerY + 36);
  context.lineTo(MIDDLE + 50, centerY - 30);
  context.stroke();
}

/** Top to bottom: the app, the medal, 'Album completato', the album, then who, when and with how many swaps. */
export function drawCompletedAlbum(context: CanvasRenderingContext2D, album: CompletedAlbum) {
  const background = context.createLinearGradient(0, 0, IMAGE_SIZE, IMAGE_SIZE);
  background.addColorStop(0, BACKGROUND[0]);
  background.addColorStop(1, BACKGROUND[1]);
  context.fillStyle = background;
  context.fillRect(0, 0, IMAGE_SIZE, IMAGE_SIZE);
  context.textAlign = 'center';

  context.fillStyle = '#ffffff';
  write(context, fitText(context, 'Scambio Figurine', 700, [44, 44]), 700, 80, 0.85);
  drawMedal(context, 280);
  context.fillStyle = '#ffffff';
  write(context, fitText(context, 'Album completato', 800, [88, 64]), 800, 400);

  // The album in the middle (540–770), its name on up to three lines; the year unless the name says it.
  const year = album.name.includes(String(album.year))
    ? undefined
    : fitText(context, String(album.year), 500, [44, 44]);
  const yearHeight = year ? YEAR_GAP + lineHeight(year.size) : 0;
  const name = fitText(context, album.name, 700, [68, 40], 3, NAME_BLOCK - yearHeight);
  const nameHeight = name.lines.length * lineHeight(name.size) + yearHeight;
  const nameBottom = write(context, name, 700, NAME_TOP + Math.max(0, (NAME_BLOCK - nameHeight) / 2));
  if (year) write(context, year, 500, nameBottom + YEAR_GAP, 0.85);

  // Who and when, below a short rule.
  context.fillRect(MIDDLE - 60, 800, 120, 4);
  let top = write(context, fitText(context, album.nickname, 700, [48, 32]), 700, 826);
  top = write(context, fitText(context, italianDay(album.on), 500, [40, 40]), 500, top + 6, 0.9);
  if (album.swaps !== undefined)
    write(context, fitText(context, swapsLine(album.swaps), 500, [40, 32]), 500, top + 6, 0.9);
}

/** The picture as a PNG file named after the album, ready to share or download. */
export async function completedAlbumImage(album: CompletedAlbum): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = IMAGE_SIZE;
  canvas.height = IMAGE_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D not available');
  drawCompletedAlbum(context, album);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The canvas gave no PNG');
  return new File([blob], imageFileName(album.name), { type: 'image/png' });
}
