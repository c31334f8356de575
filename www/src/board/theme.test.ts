import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AUTO, THEME_KEY, loadThemeChoice, resolveTheme } from './theme';

test('auto follows the system; a named theme wins', () => {
  assert.equal(resolveTheme(AUTO, false).id, 'wood');
  assert.equal(resolveTheme(AUTO, true).id, 'night');
  assert.equal(resolveTheme('contrast', true).id, 'contrast');
  assert.equal(resolveTheme('nonsense', false).id, 'wood');
});

test('an unknown stored theme reads as auto', () => {
  const store = new Map<string, string>([[THEME_KEY, 'plaid']]);
  const s = { getItem: (k: string) => store.get(k) ?? null } as unknown as Storage;
  assert.equal(loadThemeChoice(s), AUTO);
  store.set(THEME_KEY, 'green');
  assert.equal(loadThemeChoice(s), 'green');
  assert.equal(loadThemeChoice(null), AUTO);
});
