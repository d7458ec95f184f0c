/**
 * `npm run build:icons`: the PNG icons of the web app manifest (and the iPhone's home-screen icon), drawn
 * from the app's SVG logo by Chromium, into src/client/public/icons/. Run it after changing the logo and
 * commit the PNGs: the build copies them as they are.
 *
 * - `icon-192.png`, `icon-512.png`: the logo on a transparent background (purpose `any`);
 * - `icon-maskable-512.png`: the logo on the brand colour, inside the central circle of 80% of the side
 *   that every launcher's mask keeps (purpose `maskable`);
 * - `apple-touch-icon.png`: 180×180, opaque (iOS shows transparency as black), iOS rounds the corners;
 * - `badge-96.png`: the notifications' badge (public/push-handler.js), white on transparent: Android draws
 *   the status bar's small icon from its alpha alone, so the logo's two cards are two shades of it, the
 *   tick cut out.
 */
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../e2e/support/browser.ts';

const publicDir = fileURLToPath(new URL('../src/client/public/', import.meta.url));
const BRAND = '#4c6ef5';

type Icon = {
  file: string;
  size: number;
  /** The logo's side as a share of the icon's. */
  logo: number;
  background?: string;
  /** Another drawing than the logo's. */
  svg?: string;
};

/** The logo as a silhouette: the back card half white, the front one white, its outline and tick cut out. */
const BADGE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs>
    <mask id="behind-front" maskUnits="userSpaceOnUse" x="0" y="0" width="64" height="64">
      <rect width="64" height="64" fill="#fff"/>
      <rect x="22" y="8" width="34" height="44" rx="5" fill="#000" stroke="#000" stroke-width="4" transform="rotate(8 39 30)"/>
    </mask>
    <mask id="tick" maskUnits="userSpaceOnUse" x="0" y="0" width="64" height="64">
      <rect width="64" height="64" fill="#fff"/>
      <path d="M33 30l5 5 9-11" stroke="#000" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    </mask>
  </defs>
  <g mask="url(#behind-front)"><rect x="6" y="10" width="34" height="44" rx="5" fill="#fff" fill-opacity="0.6" transform="rotate(-8 23 32)"/></g>
  <g mask="url(#tick)"><rect x="22" y="8" width="34" height="44" rx="5" fill="#fff" transform="rotate(8 39 30)"/></g>
</svg>`;

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, logo: 1 },
  { file: 'icon-512.png', size: 512, logo: 1 },
  // A square fits the safe circle (diameter 80%) up to a side of 80% / √2 ≈ 56%.
  { file: 'icon-maskable-512.png', size: 512, logo: 0.56, background: BRAND },
  { file: 'apple-touch-icon.png', size: 180, logo: 0.72, background: BRAND },
  { file: 'badge-96.png', size: 96, logo: 1, svg: BADGE_SVG },
];

const svg = await fs.readFile(`${publicDir}favicon.svg`, 'utf8');
await fs.mkdir(`${publicDir}icons`, { recursive: true });
const browser = await launchBrowser('full');
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const side = Math.round(icon.size * icon.logo);
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background ?? 'transparent'}">
        <div style="width:${side}px;height:${side}px">${(icon.svg ?? svg).replace('<svg ', '<svg width="100%" height="100%" ')}</div>
      </body></html>`,
    );
    const png = await page.screenshot({ type: 'png', omitBackground: !icon.background });
    await fs.writeFile(`${publicDir}icons/${icon.file}`, png);
    await page.close();
    console.log(`icons/${icon.file}: ${icon.size}×${icon.size}, ${png.byteLength} bytes`);
  }
} finally {
  await browser.close();
}
