import { expect, test } from 'vitest';
import { type NavigationHistory, previousPage, screenName } from './report-problem-origin.ts';

const origin = 'https://figurine.example';
const history = (urls: string[], index = urls.length - 1): NavigationHistory => ({
  entries: () => urls.map((url) => ({ url })),
  currentEntry: { index },
});

test('the screen before the profile, from the browser history', () => {
  const navigation = history([`${origin}/`, `${origin}/album?reset=true`, `${origin}/profile`]);
  expect(previousPage(navigation, '', origin)).toBe('/album');
});

test('the profile opened straight away, or after the login, has no page to suggest', () => {
  expect(previousPage(history([`${origin}/profile`]), '', origin)).toBe('');
  expect(previousPage(history([`${origin}/login`, `${origin}/profile`]), '', origin)).toBe('');
});

test('without the Navigation API the referrer of a full page load is used, when it is this app', () => {
  expect(previousPage(undefined, `${origin}/chat/12`, origin)).toBe('/chat/12');
  expect(previousPage(undefined, 'https://www.google.com/search?q=figurine', origin)).toBe('');
  expect(previousPage(undefined, '', origin)).toBe('');
});

test('another site in the history is not suggested', () => {
  const navigation = history(['https://altro.example/pagina', `${origin}/profile`]);
  expect(previousPage(navigation, '', origin)).toBe('');
});

test("the screen is named as the tab bar names it, an album's page and a chat after their list", () => {
  expect(screenName('/')).toBe('Home');
  expect(screenName('/album')).toBe('Album');
  expect(screenName('/album/12')).toBe('Album');
  expect(screenName('/match')).toBe('Match');
  expect(screenName('/chat/3')).toBe('Chat');
  expect(screenName('/altro')).toBe('/altro');
});
