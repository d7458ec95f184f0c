import { useMemo } from 'react';
import { type QrMatrix, QUIET_ZONE, qrMatrix } from './qr-matrix.ts';

/** The dark modules as one path, a rectangle per run of dark modules in a row, in module units. */
export function darkModulesPath({ dark }: QrMatrix): string {
  const parts: string[] = [];
  dark.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x]) x += 1;
      parts.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`);
    }
  });
  return parts.join('');
}

/**
 * A text's QR code as an inline SVG, made on the device (offline too): black on white whatever the colour
 * scheme, as cameras read dark modules on a light ground, with its quiet zone. `size` in CSS pixels; without
 * it the code fills its container's width.
 */
export function QrCode({ text, size }: { text: string; size?: number }) {
  const { path, side } = useMemo(() => {
    const matrix = qrMatrix(text);
    return { path: darkModulesPath(matrix), side: matrix.size + 2 * QUIET_ZONE };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label="Codice QR"
      viewBox={`0 0 ${side} ${side}`}
      width={size ?? '100%'}
      height={size}
      shapeRendering="crispEdges"
      style={{ display: 'block' }}
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
