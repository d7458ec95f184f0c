import { expect, test } from 'vitest';
import { shareOrCopy } from './share-or-copy.ts';

const data = { title: 'Album', text: 'Album\nMi mancano: 1-3 — Doppie: nessuna' };

function fakeClipboard(fails = false) {
  const copied: string[] = [];
  return {
    copied,
    clipboard: {
      writeText: async (text: string) => {
        if (fails) throw new DOMException('Write permission denied.', 'NotAllowedError');
        copied.push(text);
      },
    },
  };
}

test('with a share sheet the text is shared and nothing is copied', async () => {
  const shared: ShareData[] = [];
  const { copied, clipboard } = fakeClipboard();
  const share = async (value: ShareData) => {
    shared.push(value);
  };
  expect(await shareOrCopy(data, { share, clipboard })).toBe('shared');
  expect(shared).toEqual([data]);
  expect(copied).toEqual([]);
});

test('closing the share sheet is a cancel: no copy, no failure', async () => {
  const { copied, clipboard } = fakeClipboard();
  const share = async () => {
    throw new DOMException('Share canceled', 'AbortError');
  };
  expect(await shareOrCopy(data, { share, clipboard })).toBe('cancelled');
  expect(copied).toEqual([]);
});

test('without a share sheet, or when sharing is refused, the text is copied', async () => {
  const first = fakeClipboard();
  expect(await shareOrCopy(data, { clipboard: first.clipboard })).toBe('copied');
  expect(first.copied).toEqual([data.text]);

  const second = fakeClipboard();
  const refuses = async () => {
    throw new DOMException('Must be handling a user gesture', 'NotAllowedError');
  };
  expect(await shareOrCopy(data, { share: refuses, clipboard: second.clipboard })).toBe('copied');
  expect(second.copied).toEqual([data.text]);

  const third = fakeClipboard();
  const share = async () => undefined;
  expect(await shareOrCopy(data, { share, canShare: () => false, clipboard: third.clipboard })).toBe(
    'copied',
  );
});

test('when neither works the caller is told so', async () => {
  expect(await shareOrCopy(data, {})).toBe('failed');
  expect(await shareOrCopy(data, { clipboard: fakeClipboard(true).clipboard })).toBe('failed');
});
