import { expect, test } from 'vitest';
import { disguised, ordinary } from '../../../test/support/contact-corpus.ts';
import { carriesContact } from './contact-filter.ts';

test('the contact filter stops at least 95% of the disguised messages and at most 1% of the ordinary ones', () => {
  expect(disguised.length).toBeGreaterThanOrEqual(200);
  expect(ordinary.length).toBeGreaterThanOrEqual(200);
  const missed = disguised.filter((message) => !carriesContact(message));
  const wronglyBlocked = ordinary.filter((message) => carriesContact(message));
  const blockedShare = 1 - missed.length / disguised.length;
  const wrongShare = wronglyBlocked.length / ordinary.length;
  console.log(
    `contact filter: ${disguised.length - missed.length} of ${disguised.length} disguised blocked (${(100 * blockedShare).toFixed(1)}%), ` +
      `${wronglyBlocked.length} of ${ordinary.length} ordinary blocked (${(100 * wrongShare).toFixed(2)}%)`,
  );
  expect(blockedShare, `missed: ${missed.join(' | ')}`).toBeGreaterThanOrEqual(0.95);
  expect(wrongShare, `wrongly blocked: ${wronglyBlocked.join(' | ')}`).toBeLessThanOrEqual(0.01);
});

test('disguises: spaced, dotted, in words, emoji and styled digits, leetspeak, written-out signs', () => {
  for (const message of [
    '3 4 7 1 2 3 4 5 6 7',
    '347.123.45.67',
    'tre quattro sette uno due tre quattro cinque sei sette',
    '3️⃣4️⃣7️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣',
    '𝟑𝟒𝟕𝟏𝟐𝟑𝟒𝟓𝟔𝟕',
    '+39 347 1234567',
    'mario chiocciola libero',
    'w h a t s a p p',
    '1nst4gr4m',
    'wa.me/39347',
    'via Garibaldi 45/b',
  ]) {
    expect(carriesContact(message), message).toBe(true);
  }
  for (const message of [
    'ho la 7️⃣',
    'sto a 689/720',
    'il 12/10/2024 non posso',
    'campionato 2025/2026',
    'vai via di corsa',
  ]) {
    expect(carriesContact(message), message).toBe(false);
  }
});
