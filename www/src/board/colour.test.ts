import assert from 'node:assert/strict';
import { test } from 'node:test';
import { colourDifference, contrastRatio, luminance, rgbOf } from './colour';

test('luminance and contrast ratio follow WCAG 2', () => {
  assert.equal(luminance('#000000'), 0);
  assert.equal(luminance('#ffffff'), 1);
  assert.equal(contrastRatio('#000000', '#ffffff'), 21);
  assert.equal(contrastRatio('#ffffff', '#000000'), 21);
  assert.equal(contrastRatio('#777777', '#777777'), 1);
  // Published figures: #767676 is the lightest grey with 4.5:1 on white.
  assert.ok(Math.abs(contrastRatio('#767676', '#ffffff') - 4.54) < 0.01);
  assert.ok(Math.abs(contrastRatio('#949494', '#ffffff') - 3.03) < 0.01);
});

test('colour difference: zero for the same colour, large for black and white', () => {
  assert.equal(colourDifference('#123456', '#123456'), 0);
  assert.ok(Math.abs(colourDifference('#000000', '#ffffff') - 100) < 0.01);
  assert.ok(colourDifference('#ff0000', '#00ff00') > 100);
});

test('a colour that is not #rrggbb is refused', () => {
  assert.throws(() => rgbOf('red'), /not a #rrggbb colour/);
  assert.deepEqual(rgbOf('#0A0b0c'), [10, 11, 12]);
});
