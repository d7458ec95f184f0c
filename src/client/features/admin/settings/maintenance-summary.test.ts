import { expect, test } from 'vitest';
import { maintenanceSummary } from './maintenance-summary.ts';

test('says what was removed, singular for one and plural otherwise', () => {
  expect(maintenanceSummary({ sessionsRemoved: 1, throttlesRemoved: 2, reportsRemoved: 0 })).toBe(
    'Eliminati: 1 sessione scaduta, 2 contatori di accesso, 0 segnalazioni risolte',
  );
  expect(maintenanceSummary({ sessionsRemoved: 3, throttlesRemoved: 1, reportsRemoved: 1 })).toBe(
    'Eliminati: 3 sessioni scadute, 1 contatore di accesso, 1 segnalazione risolta',
  );
});

test('a clean-up that found nothing says so', () => {
  expect(maintenanceSummary({ sessionsRemoved: 0, throttlesRemoved: 0, reportsRemoved: 0 })).toBe(
    "Non c'era niente da eliminare",
  );
});
