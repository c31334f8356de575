import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readOptions } from './options';

const from = (attrs: Record<string, string>) => readOptions((name) => attrs[name] ?? null);

test('defaults: xhess, hot-seat, white at the bottom, every control', () => {
  const { options, warnings } = from({});
  assert.deepEqual(options, {
    variant: 'xhess',
    fen: null,
    seed: null,
    moves: [],
    orientation: 'white',
    mode: 'hotseat',
    level: 3,
    controls: ['new', 'undo', 'redo', 'flip'],
    legend: false,
    definition: null,
    theme: 'auto',
    sounds: false,
    clock: null,
    paceMs: 1000,
  });
  assert.deepEqual(warnings, []);
});

test('reads every attribute', () => {
  const { options, warnings } = from({
    variant: 'flee',
    fen: '8/8 w - - 0 1',
    moves: 'e2e4 e7e5',
    orientation: 'black',
    mode: 'vs-ai',
    'ai-level': '8',
    controls: 'undo, flip',
    legend: '',
    definition: 'mine',
    theme: 'night',
    sounds: '',
    clock: '5+3',
  });
  assert.deepEqual(warnings, []);
  assert.equal(options.variant, 'flee');
  assert.deepEqual(options.moves, ['e2e4', 'e7e5']);
  assert.equal(options.orientation, 'black');
  assert.equal(options.mode, 'vs-ai');
  assert.equal(options.level, 8);
  assert.deepEqual(options.controls, ['undo', 'flip']);
  assert.equal(options.legend, true);
  assert.equal(options.definition, 'mine');
  assert.equal(options.theme, 'night');
  assert.equal(options.sounds, true);
  assert.deepEqual(options.clock, { baseMs: 300000, incMs: 3000 });
});

test('clock: minutes + increment, or m:ss; an unreadable one is reported, and a diagram has none', () => {
  assert.deepEqual(from({ clock: '0:30+2' }).options.clock, { baseMs: 30000, incMs: 2000 });
  assert.deepEqual(from({ clock: '10' }).options.clock, { baseMs: 600000, incMs: 0 });
  const bad = from({ clock: 'soon' });
  assert.equal(bad.options.clock, null);
  assert.deepEqual(bad.warnings, ['clock "soon" is not minutes + seconds of increment, such as 5+3 or 0:30+2']);
  const zero = from({ clock: '0+5' });
  assert.equal(zero.options.clock, null);
  assert.equal(zero.warnings.length, 1);
  const diagram = from({ clock: '5+3', mode: 'view' });
  assert.equal(diagram.options.clock, null);
  assert.match(diagram.warnings[0] ?? '', /diagram/);
});

test('the comfort controls are chosen by name', () => {
  assert.deepEqual(from({ controls: 'type,resign,draw,hint,analysis' }).options.controls, ['type', 'resign', 'draw', 'hint', 'analysis']);
});

test('an empty controls list shows none; a diagram shows only flip by default', () => {
  assert.deepEqual(from({ controls: '' }).options.controls, []);
  assert.deepEqual(from({ mode: 'view' }).options.controls, ['flip']);
});

test('unknown values fall back to the defaults and are reported', () => {
  const { options, warnings } = from({ mode: 'blitz', orientation: 'left', 'ai-level': '9', controls: 'new,castle', theme: 'pink' });
  assert.equal(options.mode, 'hotseat');
  assert.equal(options.orientation, 'white');
  assert.equal(options.level, 3);
  assert.deepEqual(options.controls, ['new']);
  assert.equal(options.theme, 'auto');
  assert.equal(warnings.length, 5);
});

test('moves: SAN or coordinates, with commas, move numbers and comments; an unreadable list is reported', () => {
  assert.deepEqual(from({ moves: 'e2e4,e7e5' }).options.moves, ['e2e4', 'e7e5']);
  assert.deepEqual(from({ moves: '1. He5 {best} He6 2. Nc3' }).options.moves, ['He5', 'He6', 'Nc3']);
  const { options, warnings } = from({ moves: '1. He5 {unclosed' });
  assert.deepEqual(options.moves, []);
  assert.match(warnings.join(), /moves "1. He5 \{unclosed": a comment '\{' is never closed/);
});

test('pace: seconds from 0 to 60 between two moves of AI vs AI; anything else is reported', () => {
  assert.equal(from({ pace: '0.25' }).options.paceMs, 250);
  assert.equal(from({ pace: '0' }).options.paceMs, 0);
  assert.equal(from({ pace: '60' }).options.paceMs, 60000);
  for (const bad of ['-1', '61', 'fast', 'NaN']) {
    const { options, warnings } = from({ pace: bad });
    assert.equal(options.paceMs, 1000, bad);
    assert.match(warnings.join(), /is not a number of seconds from 0 to 60/, bad);
  }
  assert.deepEqual(from({ controls: 'pause,step' }).options.controls, ['pause', 'step']);
});

test('seed: a whole number chooses a random setup; a bad one, or one beside a fen, is reported and unused', () => {
  assert.equal(from({ variant: 'uc-170-17', seed: '42' }).options.seed, 42);
  const bad = from({ variant: 'uc-170-17', seed: 'forty' });
  assert.equal(bad.options.seed, null);
  assert.match(bad.warnings.join(' '), /seed "forty" is not a whole number/);
  const both = from({ variant: 'uc-170-17', seed: '3', fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' });
  assert.equal(both.options.seed, null);
  assert.match(both.warnings.join(' '), /seed has no use with a fen/);
});
