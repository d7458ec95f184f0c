import { expect, test } from 'vitest';
import { shareOrDownload } from './share-file.ts';

const file = new File([new Uint8Array([137, 80, 78, 71])], 'scambio-figurine-album.png', {
  type: 'image/png',
});

function channels(options: { canShareFiles: boolean; fails?: string }) {
  const shared: ShareData[] = [];
  const downloaded: File[] = [];
  return {
    shared,
    downloaded,
    download: (saved: File) => downloaded.push(saved),
    channels: {
      canShare: (data: ShareData) => options.canShareFiles && (data.files?.length ?? 0) > 0,
      share: async (data: ShareData) => {
        if (options.fails) throw new DOMException('refused', options.fails);
        shared.push(data);
      },
    },
  };
}

test('where the share sheet takes files, the file is shared with its title and not downloaded', async () => {
  const sheet = channels({ canShareFiles: true });
  expect(await shareOrDownload(file, 'Album completato', sheet.channels, sheet.download)).toBe('shared');
  expect(sheet.shared).toEqual([{ files: [file], title: 'Album completato' }]);
  expect(sheet.downloaded).toEqual([]);
});

test('without a share sheet for files (desktop, or text only), the file is downloaded', async () => {
  const textOnly = channels({ canShareFiles: false });
  expect(await shareOrDownload(file, 'Album', textOnly.channels, textOnly.download)).toBe('downloaded');
  expect(textOnly.shared).toEqual([]);
  expect(textOnly.downloaded).toEqual([file]);
  const none = channels({ canShareFiles: true });
  expect(await shareOrDownload(file, 'Album', {}, none.download)).toBe('downloaded');
  expect(none.downloaded).toEqual([file]);
});

test('closing the sheet is a cancel; any other refusal downloads instead', async () => {
  const closed = channels({ canShareFiles: true, fails: 'AbortError' });
  expect(await shareOrDownload(file, 'Album', closed.channels, closed.download)).toBe('cancelled');
  expect(closed.downloaded).toEqual([]);
  const refused = channels({ canShareFiles: true, fails: 'NotAllowedError' });
  expect(await shareOrDownload(file, 'Album', refused.channels, refused.download)).toBe('downloaded');
  expect(refused.downloaded).toEqual([file]);
});
