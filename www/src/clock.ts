// A chess clock for two sides: time controls ("5+3", "0:30+2"), the time
// left on the wall clock (so it keeps counting across a reload), Fischer
// increments, and the state as kept in localStorage.
import type { Color } from './types';

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

/** "5+3" (minutes + seconds of increment), "0:30+2" (m:ss), "10" (no increment); null when unreadable. */
export function parseTimeControl(text: string): TimeControl | null {
  const m = /^\s*(\d+(?:\.\d+)?)(?::(\d{1,2}))?\s*(?:\+\s*(\d+(?:\.\d+)?))?\s*$/.exec(text);
  if (m === null) return null;
  const baseMs = Math.round((Number(m[1]) * 60 + Number(m[2] ?? 0)) * 1000);
  const incMs = Math.round(Number(m[3] ?? 0) * 1000);
  if (!(baseMs > 0) || baseMs > 24 * 3600 * 1000 || incMs > 3600 * 1000) return null;
  return { baseMs, incMs };
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
  const remaining: [number, number] = [timeLeft(c, 0, now), timeLeft(c, 1, now)];
  const was = c.running;
  if (was !== null && plies > c.plies && remaining[was] > 0) remaining[was] += c.tc.incMs;
  return { ...c, remaining, running, since: now, plies };
}

export function encodeClock(c: ClockState | null): string {
  return JSON.stringify(c);
}

export function decodeClock(text: string | null): ClockState | null {
  if (text === null) return null;
  try {
    const d = JSON.parse(text) as ClockState | null;
    if (d === null || typeof d !== 'object') return null;
    const ok =
      typeof d.tc?.baseMs === 'number' &&
      typeof d.tc.incMs === 'number' &&
      Array.isArray(d.remaining) &&
      d.remaining.length === 2 &&
      d.remaining.every((x) => typeof x === 'number') &&
      (d.running === null || d.running === 0 || d.running === 1) &&
      (d.flag === null || d.flag === 0 || d.flag === 1) &&
      typeof d.since === 'number' &&
      typeof d.plies === 'number';
    return ok ? d : null;
  } catch {
    return null;
  }
}
