/** What the browser offers for passing a file on: a share sheet that takes files, or none (desktop, http). */
export type FileShareChannels = {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  canShare?: ((data: ShareData) => boolean) | undefined;
};

export type FileShareOutcome = 'shared' | 'cancelled' | 'downloaded';

/** Kept a while after the click: the browser reads the file once the click has returned. */
const DOWNLOAD_URL_KEPT_MS = 60_000;

/** Saves a file the way a link with `download` does: to the downloads, under its own name. */
export function downloadFile(file: File) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_KEPT_MS);
}

/**
 * The phone's share sheet with the file, where the browser says it can share files; else the file is
 * downloaded. Call it straight from the tap, the file made beforehand: a share sheet opens only while the
 * tap is recent (Safari is strict about it). Closing the sheet is the user's choice (AbortError); any
 * other refusal downloads instead.
 */
export async function shareOrDownload(
  file: File,
  title: string,
  channels: FileShareChannels = navigator,
  download: (file: File) => void = downloadFile,
): Promise<FileShareOutcome> {
  const data = { files: [file], title };
  if (typeof channels.share === 'function' && channels.canShare?.({ files: [file] }) === true) {
    try {
      await channels.share(data);
      return 'shared';
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  download(file);
  return 'downloaded';
}
