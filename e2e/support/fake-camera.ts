import fs from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { QUIET_ZONE, qrMatrix } from '../../src/client/shared/qr/qr-matrix.ts';
import { qrImage } from '../../test/support/qr-image.ts';
import { type ChromiumBuild, chromiumLaunchOptions } from './browser.ts';

/** Frames in the video: Chromium plays it in a loop, so a few are enough. */
const FRAMES = 3;

/**
 * Writes into `directory` a video (YUV4MPEG2, 4:2:0) that shows the QR code of `text`, black on a white
 * picture, the code as large as whole pixels a module allow: a version 14 code (81 modules with its quiet
 * zone) gets 5 px a module in 640×480. Returns the file's path, for launchBrowserWithCamera().
 */
export async function writeQrCameraVideo(
  text: string,
  directory: string,
  frame: { width: number; height: number } = { width: 640, height: 480 },
): Promise<string> {
  const matrix = qrMatrix(text);
  const modulePx = Math.floor(Math.min(frame.width, frame.height) / (matrix.size + 2 * QUIET_ZONE));
  if (modulePx < 3)
    throw new Error(`version ${matrix.version} needs a larger frame than ${frame.width}×${frame.height}`);
  const { grey } = qrImage(matrix, modulePx, frame);
  // No colour: both chroma planes (a quarter of the picture each) at their middle value.
  const chroma = Buffer.alloc((frame.width / 2) * (frame.height / 2) * 2, 128);
  const header = `YUV4MPEG2 W${frame.width} H${frame.height} F10:1 Ip A1:1 C420jpeg\n`;
  const frames = Array.from({ length: FRAMES }, () => [Buffer.from('FRAME\n'), grey, chroma]).flat();
  const file = path.join(directory, 'qr-camera.y4m');
  await fs.writeFile(file, Buffer.concat([Buffer.from(header), ...frames]));
  return file;
}

/**
 * Chromium (chromiumLaunchOptions) with a camera that films the video `y4mPath` (writeQrCameraVideo), its
 * permission granted without a prompt: getUserMedia answers with that video, whatever facingMode asks.
 */
export function launchBrowserWithCamera(y4mPath: string, build: ChromiumBuild): Promise<Browser> {
  const options = chromiumLaunchOptions(build);
  return chromium.launch({
    ...options,
    args: [
      ...options.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${y4mPath}`,
    ],
  });
}
