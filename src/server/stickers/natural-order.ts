const collator = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });

/** Natural order of sticker numbers: 2 before 10, `ITA 2` before `ITA 10`. */
export const compareStickerNumbers = (a: string, b: string) => collator.compare(a, b);
