import { expect, test } from 'vitest';
import { createBurstFilter } from './burst-filter.ts';

test('the same error five times in a burst is let through once', () => {
  let time = 0;
  const isFirst = createBurstFilter(10_000, () => time);
  const verdicts = [0, 100, 200, 300, 400].map((at) => {
    time = at;
    return isFirst('js_error\nBoom di prova');
  });
  expect(verdicts).toEqual([true, false, false, false, false]);
});

test('a different error in the same burst still goes through', () => {
  const isFirst = createBurstFilter(10_000, () => 0);
  expect(isFirst('js_error\nBoom')).toBe(true);
  expect(isFirst('api_error\nBoom')).toBe(true);
  expect(isFirst('js_error\nAltro')).toBe(true);
});

test('once the burst is over the same error is reported again', () => {
  let time = 0;
  const isFirst = createBurstFilter(10_000, () => time);
  expect(isFirst('network_error\nErrore del server 500')).toBe(true);
  time = 9_999;
  expect(isFirst('network_error\nErrore del server 500')).toBe(false);
  time = 10_000;
  expect(isFirst('network_error\nErrore del server 500')).toBe(true);
});
