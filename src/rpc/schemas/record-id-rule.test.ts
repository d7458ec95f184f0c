import { expect, test } from 'vitest';
import { recordId } from './record-id.ts';
import { parseRecordId } from './record-id-rule.ts';

test('the route tree reads an id from the address as the schema does', () => {
  const schema = recordId('Id non valido');
  const texts = [
    '1',
    '42',
    '007',
    ' 12 ',
    '1e3',
    '0x10',
    '2147483647',
    '2147483648',
    '0',
    '-3',
    '1.5',
    '',
    'abc',
  ];
  for (const text of texts) {
    const parsed = schema.safeParse(text);
    expect(parseRecordId(text), text).toBe(parsed.success ? parsed.data : null);
  }
});
