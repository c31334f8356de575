// Sounds for a move, a capture, a check and the end of the game, made with
// Web Audio oscillators (no sound files). Off until switched on; the choice
// is kept in localStorage.
import type { History, Status } from '../engine/types';

/** What the sounds follow of the game: its moves and whether it is over. */
export interface SoundGame {
  readonly history: History;
  readonly liveStatus: Status;
  /** Calls `f` after every change of state. */
  onChange(f: () => void): void;
}

export type SoundKind = 'move' | 'capture' | 'check' | 'end';
export const SOUND_KEY = 'bigboard.sound';

/** Notes of each sound: frequency (Hz), start and length (s). */
const NOTES: Record<SoundKind, readonly [number, number, number][]> = {
  move: [[520, 0, 0.07]],
  capture: [[330, 0, 0.06], [220, 0.05, 0.1]],
  check: [[880, 0, 0.09], [880, 0.12, 0.09]],
  end: [[523, 0, 0.16], [659, 0.16, 0.16], [784, 0.32, 0.3]],
};

/** Which sound a change calls for: a move just played (its SAN), or the game just ended. */
export function soundFor(san: string | null, check: boolean, ended: boolean): SoundKind | null {
  if (ended) return 'end';
  if (san === null) return null;
  if (check || /[+#]/.test(san)) return 'check';
  return san.includes('x') ? 'capture' : 'move';
}

let audio: AudioContext | null = null;

function play(kind: SoundKind): void {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [freq, start, length] of NOTES[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = kind === 'capture' ? 'triangle' : 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.25, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch {
    // No Web Audio here: stay silent.
  }
}

function loadOn(store: Storage | null): boolean {
  try {
    return store?.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

export function bindSound(app: SoundGame, toggle: HTMLInputElement, store: Storage | null): void {
  let on = loadOn(store);
  toggle.checked = on;
  toggle.addEventListener('change', () => {
    on = toggle.checked;
    try {
      store?.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // Storage refused: the choice lasts for this page only.
    }
  });
  playSounds(app, () => on);
}

/** Plays the sound each change of `app` calls for, while `on()` says so. */
export function playSounds(app: SoundGame, on: () => boolean): void {
  let plies = app.history.coord.length;
  let over = app.liveStatus.over;
  app.onChange(() => {
    const h = app.history;
    const s = app.liveStatus;
    const moved = h.coord.length === plies + 1;
    const kind = soundFor(moved ? (h.san[h.san.length - 1] ?? '') : null, s.check, s.over && !over);
    plies = h.coord.length;
    over = s.over;
    if (on() && kind !== null) play(kind);
  });
}
