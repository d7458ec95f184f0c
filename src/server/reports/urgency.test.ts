import { expect, test } from 'vitest';
import { isUrgentReport } from './urgency.ts';

const urgent = (...texts: string[]) => isUrgentReport({ texts });

test('a phone number, an address, a meeting or a minor makes a report urgent', () => {
  for (const text of [
    'mi ha scritto il suo numero 333 123 4567',
    'scrivimi al +39 347-1234567',
    'aggiungimi su WhatsApp',
    'vieni in via Roma 12 dopo la scuola',
    'abito in Corso Buenos Aires, 45',
    'dimmi dove abiti',
    'ci vediamo sabato al parco',
    'facciamo un appuntamento da soli',
    'ho 12 anni e mi scrive sempre',
    'è una ragazzina',
    'sono minorenne',
  ]) {
    expect(urgent(text), text).toBe(true);
  }
  expect(isUrgentReport({ category: 'verso_minore', texts: ['Comportamento verso un minore'] })).toBe(true);
  expect(isUrgentReport({ category: 'contatti_personali', texts: ['Contatti personali'] })).toBe(true);
});

test('a report about swaps, insults or spam stays as it is', () => {
  for (const text of [
    'Non ha mai spedito le figurine',
    'Mi insulta in chat',
    'Figurine false, la 123 è una copia',
    'Spam: manda lo stesso messaggio a tutti',
    'Mi mancano 40 figurine e non risponde',
    'ho comprato 10 bustine',
  ]) {
    expect(urgent(text), text).toBe(false);
  }
  expect(isUrgentReport({ category: 'molestie', texts: ['Molestie'] })).toBe(false);
});
