/**
 * `npm run build:icons`: the PNG icons of the web app manifest (and the iPhone's home-screen icon), drawn
 * from the app's SVG logo by Chromium, into src/client/public/icons/. Run it after changing the logo and
 * commit the PNGs: the build copies them as they are.
 *
 * - `icon-192.png`, `icon-512.png`: the logo on a transparent background (purpose `any`);
 * - `icon-maskable-512.png`: the logo on the brand colour, inside the central circle of 80% of the side
 *   that every launcher's mask keeps (purpose `maskable`);
 * - `apple-touch-icon.png`: 180×180, opaque (iOS shows transparency as black), iOS rounds the corners.
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
};

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, logo: 1 },
  { file: 'icon-512.png', size: 512, logo: 1 },
  // A square fits the safe circle (diameter 80%) up to a side of 80% / √2 ≈ 56%.
  { file: 'icon-maskable-512.png', size: 512, logo: 0.56, background: BRAND },
  { file: 'apple-touch-icon.png', size: 180, logo: 0.72, background: BRAND },
];

const svg = await fs.readFile(`${publicDir}favicon.svg`, 'utf8');
await fs.mkdir(`${publicDir}icons`, { recursive: true });
const browser = await launchBrowser();
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const side = Math.round(icon.size * icon.logo);
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background ?? 'transparent'}">
        <div style="width:${side}px;height:${side}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
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
