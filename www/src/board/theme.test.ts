import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PIECE_COLOURS } from '../pieces/colours';
import { colourDifference, contrastRatio } from './colour';
import { AUTO, THEMES, THEME_KEY, loadThemeChoice, resolveTheme } from './theme';

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

test('every mark reaches 3:1 against both square colours of every theme (WCAG non-text contrast)', () => {
  const failures: string[] = [];
  for (const t of THEMES) {
    for (const [mark, colour] of Object.entries(t.marks)) {
      for (const [square, bg] of [['light', t.light], ['dark', t.dark]] as const) {
        const ratio = contrastRatio(colour, bg);
        if (ratio < 3) failures.push(`${t.id} ${mark} ${colour} on ${square} ${bg}: ${ratio.toFixed(2)}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

test("every mark is plainly another colour than the pieces' outlines, fills and halos", () => {
  const failures: string[] = [];
  for (const t of THEMES) {
    for (const [mark, colour] of Object.entries(t.marks)) {
      for (const piece of PIECE_COLOURS) {
        const d = colourDifference(colour, piece);
        if (d < 25) failures.push(`${t.id} ${mark} ${colour} vs ${piece}: ΔE ${d.toFixed(1)}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

test('the marks of a theme differ from each other', () => {
  for (const t of THEMES) {
    const colours = Object.values(t.marks);
    for (let i = 0; i < colours.length; i++) {
      for (let j = i + 1; j < colours.length; j++) {
        assert.ok(colourDifference(colours[i]!, colours[j]!) >= 20, `${t.id}: ${colours[i]} and ${colours[j]}`);
      }
    }
  }
});
