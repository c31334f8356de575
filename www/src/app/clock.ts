// The clock on the app page: a preset or custom time control, run by a
// GameClock and kept in localStorage so it survives a reload.
import type { App } from '../game/app';
import { CLOCK_KEY, PRESETS, TIME_CONTROL_HELP, decodeClock, encodeClock, formatClock, parseTimeControl, type ClockState, type TimeControl } from '../clock/clock';
import { GameClock } from '../clock/game-clock';
import type { Color } from '../engine/types';
import type { ClockHook } from '../friend/session';

function el<T extends HTMLElement>(id: string, type: new () => T): T {
  const e = document.getElementById(id);
  if (!(e instanceof type)) throw new Error(`the page has no #${id}`);
  return e;
}

function load(store: Storage | null): ClockState | null {
  try {
    return decodeClock(store?.getItem(CLOCK_KEY) ?? null);
  } catch {
    return null;
  }
}

function presetOf(tc: TimeControl): string {
  const text = `${tc.baseMs / 60000}+${tc.incMs / 1000}`;
  return (PRESETS as readonly string[]).includes(text) ? text : 'custom';
}

/**
 * Binds the clock controls; returns what a game with a friend needs of the
 * clock: its time control, a way to start one (the game agreed), and the
 * flags each page judges for its own side.
 */
export function bindClock(app: App, store: Storage | null): ClockHook {
  const preset = el('clock-preset', HTMLSelectElement);
  const custom = el('clock-custom', HTMLInputElement);
  const customRow = el('clock-custom-row', HTMLElement);
  const box = el('clocks', HTMLElement);
  const faces: [HTMLElement, HTMLElement] = [el('clock-white', HTMLElement), el('clock-black', HTMLElement)];
  const initial = load(store);

  for (const [value, label] of [['off', 'No clock'], ...PRESETS.map((p) => [p, `${p.replace('+', ' min + ')} s`]), ['custom', 'Custom…']]) {
    const o = document.createElement('option');
    o.value = value!;
    o.textContent = label!;
    preset.append(o);
  }
  preset.value = initial === null ? 'off' : presetOf(initial.tc);
  if (preset.value === 'custom' && initial !== null) custom.value = `${formatClock(initial.tc.baseMs)}+${initial.tc.incMs / 1000}`;
  customRow.hidden = preset.value !== 'custom';

  const save = (c: ClockState | null) => {
    try {
      store?.setItem(CLOCK_KEY, encodeClock(c));
    } catch {
      // Storage refused: the clock lasts for this page only.
    }
  };
  const flagListeners: ((side: Color) => void)[] = [];
  const overdueListeners: ((side: Color, ended: boolean) => void)[] = [];
  const clock = new GameClock(app, {
    initial,
    box,
    faces,
    changed: save,
    // In a game with a friend on another device, the friend's page judges the friend's time.
    judgedElsewhere: () => (app.localSide === null ? null : app.localSide === 0 ? 1 : 0),
    fell: (side) => {
      for (const f of flagListeners) f(side);
    },
    overdue: (side, ended) => {
      for (const f of overdueListeners) f(side, ended);
    },
    // The fallen flag was taken back (undo): the clock goes off.
    stopped: () => {
      preset.value = 'off';
      customRow.hidden = true;
    },
  });

  preset.addEventListener('change', () => {
    customRow.hidden = preset.value !== 'custom';
    if (preset.value === 'off') clock.start(null);
    else if (preset.value === 'custom') custom.focus();
    else clock.start(parseTimeControl(preset.value));
  });
  const startCustom = () => {
    const tc = parseTimeControl(custom.value);
    custom.setCustomValidity(tc === null ? TIME_CONTROL_HELP : '');
    if (tc === null) custom.reportValidity();
    else clock.start(tc);
  };
  custom.addEventListener('change', startCustom);
  custom.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') startCustom();
  });
  // A new game (the button, another variant, an import) starts the clock afresh.
  const restart = () => {
    const c = clock.state;
    if (c !== null) clock.start(c.tc);
  };
  document.getElementById('new-game')?.addEventListener('click', restart);
  document.getElementById('variant')?.addEventListener('change', restart);
  document.getElementById('import')?.addEventListener('click', restart);
  return {
    timeControl: () => clock.state?.tc ?? null,
    start: (tc) => {
      preset.value = tc === null ? 'off' : presetOf(tc);
      if (preset.value === 'custom' && tc !== null) custom.value = `${formatClock(tc.baseMs)}+${tc.incMs / 1000}`;
      customRow.hidden = preset.value !== 'custom';
      clock.start(tc);
    },
    hold: () => clock.hold(),
    fallen: () => clock.state?.flag ?? null,
    flagFell: (side) => clock.flagFell(side),
    onFlag: (f) => {
      flagListeners.push(f);
    },
    onOverdue: (f) => {
      overdueListeners.push(f);
    },
  };
}
