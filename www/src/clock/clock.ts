// A chess clock for two sides: time controls ("5+3", "0:30+2"), the time
// left on the wall clock (so it keeps counting across a reload), Fischer
// increments, and the state as kept in localStorage.
import type { Color } from '../engine/types';

export interface TimeControl {
  baseMs: number;
  incMs: number;
}

export interface ClockState {
  tc: TimeControl;
  /** Time left for White and Black when `running` last changed. */
  remaining: [number, number];
  /** The side whose time is running, or null when stopped. */
  running: Color | null;
  /** Date.now() when `running` last changed. */
  since: number;
  /** Moves in the game when `running` last changed. */
  plies: number;
  /** The side whose flag fell, or null. */
  flag: Color | null;
}

export const CLOCK_KEY = 'bigboard.clock';
export const PRESETS = ['5+3', '15+10', '30+0'] as const;

/** What a time control looks like, for a refusal. */
export const TIME_CONTROL_HELP = 'Write minutes + seconds of increment, such as 10+5 or 0:30+2.';

/** The longest time control: a day, with at most an hour of increment. */
const MAX_BASE_MS = 24 * 3600 * 1000;
const MAX_INC_MS = 3600 * 1000;
/** More moves than any game: a saved clock claiming more is corrupt. */
const MAX_PLIES = 1_000_000;
/** How far ahead of this computer's time a saved clock may say it last changed (another tab's clock, a clock set back). */
const SINCE_SLACK_MS = 60_000;

/** "5+3" (minutes + seconds of increment), "0:30+2" (m:ss), "10" (no increment); null when unreadable. */
export function parseTimeControl(text: string): TimeControl | null {
  const m = /^\s*(\d+(?:\.\d+)?)(?::(\d{1,2}))?\s*(?:\+\s*(\d+(?:\.\d+)?))?\s*$/.exec(text);
  if (m === null) return null;
  const baseMs = Math.round((Number(m[1]) * 60 + Number(m[2] ?? 0)) * 1000);
  const incMs = Math.round(Number(m[3] ?? 0) * 1000);
  return validTimeControl({ baseMs, incMs }) ? { baseMs, incMs } : null;
}

function validTimeControl(tc: TimeControl): boolean {
  return tc.baseMs > 0 && tc.baseMs <= MAX_BASE_MS && tc.incMs >= 0 && tc.incMs <= MAX_INC_MS;
}

/** "4:05", "0:09.3" (tenths under ten seconds), "1:02:00". */
export function formatClock(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 10_000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

export function newClock(tc: TimeControl, running: Color | null, now: number, plies: number): ClockState {
  return { tc, remaining: [tc.baseMs, tc.baseMs], running, since: now, plies, flag: null };
}

/** Time left for `side` at `now`. */
export function timeLeft(c: ClockState, side: Color, now: number): number {
  const left = c.remaining[side];
  return c.running === side ? left - Math.max(0, now - c.since) : left;
}

/**
 * The clock after the game changed: the side that was running is charged
 * its time (plus the increment when a move was made), and `running` starts.
 */
export function switchClock(c: ClockState, running: Color | null, now: number, plies: number): ClockState {
  // Never below zero: a move made between a flag falling and the tick noticing it.
  const remaining: [number, number] = [Math.max(0, timeLeft(c, 0, now)), Math.max(0, timeLeft(c, 1, now))];
  const was = c.running;
  if (was !== null && plies > c.plies && remaining[was] > 0) remaining[was] += c.tc.incMs;
  return { ...c, remaining, running, since: now, plies };
}

export function encodeClock(c: ClockState | null): string {
  return JSON.stringify(c);
}

const isSide = (x: unknown): x is Color | null => x === null || x === 0 || x === 1;
const isTime = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/**
 * The clock kept in `text`, or null when there is none or it cannot be
 * one this page saved at `now`: every number finite and not negative, the
 * time control within what can be chosen, no side with more time than its
 * start and every increment since, a fallen flag stopped. A corrupt clock
 * is dropped rather than shown (as 2.7e+301:10:40) or let fall at once.
 */
export function decodeClock(text: string | null, now: number = Date.now()): ClockState | null {
  if (text === null) return null;
  let d: unknown;
  try {
    d = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof d !== 'object' || d === null) return null;
  const { tc, remaining, running, since, plies, flag } = d as Record<string, unknown>;
  if (typeof tc !== 'object' || tc === null) return null;
  const { baseMs, incMs } = tc as Record<string, unknown>;
  if (!isTime(baseMs) || !isTime(incMs) || !validTimeControl({ baseMs, incMs })) return null;
  if (!isTime(plies) || !Number.isInteger(plies) || plies > MAX_PLIES) return null;
  if (!isTime(since) || since > now + SINCE_SLACK_MS) return null;
  if (!isSide(running) || !isSide(flag) || (flag !== null && running !== null)) return null;
  if (!Array.isArray(remaining) || remaining.length !== 2) return null;
  const [white, black] = remaining as unknown[];
  const most = baseMs + plies * incMs;
  if (!isTime(white) || !isTime(black) || white > most || black > most) return null;
  return { tc: { baseMs, incMs }, remaining: [white, black], running, since, plies, flag };
}
