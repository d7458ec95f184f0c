const FILE_NAME_MAX = 100;
const FALLBACK_NAME = 'figurine';

/**
 * The export's file name: the album's name with what Windows, macOS or Linux refuse in a file name
 * (path separators, reserved characters, control characters, trailing dots) taken out.
 */
export function exportFileName(albumName: string): string {
  const cleaned = albumName
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, FILE_NAME_MAX)
    .replace(/[. ]+$/, '')
    .replace(/^\.+/, '');
  return `${cleaned || FALLBACK_NAME}.txt`;
}

/** Hands a text to the browser as a download, without a round trip to the server. */
export function downloadTextFile(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later it is safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
