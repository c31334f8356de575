// The clock on the page: a preset or custom time control, both sides'
// times shown, the running side's flag falling ending the game, and the
// clock kept in localStorage so it survives a reload.
import type { App } from './app';
import {
  CLOCK_KEY,
  PRESETS,
  decodeClock,
  encodeClock,
  formatClock,
  newClock,
  parseTimeControl,
  switchClock,
  timeLeft,
  type ClockState,
  type TimeControl,
} from './clock';
import { flagFall } from './ending';
import type { Color } from './types';

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

export function bindClock(app: App, store: Storage | null): void {
  const preset = el('clock-preset', HTMLSelectElement);
  const custom = el('clock-custom', HTMLInputElement);
  const customRow = el('clock-custom-row', HTMLElement);
  const box = el('clocks', HTMLElement);
  const faces: [HTMLElement, HTMLElement] = [el('clock-white', HTMLElement), el('clock-black', HTMLElement)];
  let clock = load(store);

  for (const [value, label] of [['off', 'No clock'], ...PRESETS.map((p) => [p, `${p.replace('+', ' min + ')} s`]), ['custom', 'Custom…']]) {
    const o = document.createElement('option');
    o.value = value!;
    o.textContent = label!;
    preset.append(o);
  }
  preset.value = clock === null ? 'off' : presetOf(clock.tc);
  if (preset.value === 'custom' && clock !== null) custom.value = `${formatClock(clock.tc.baseMs)}+${clock.tc.incMs / 1000}`;
  customRow.hidden = preset.value !== 'custom';

  const plies = () => app.history.coord.length;
  const runningSide = (): Color | null => (app.liveStatus.over ? null : app.liveStatus.side);
  const save = () => {
    try {
      store?.setItem(CLOCK_KEY, encodeClock(clock));
    } catch {
      // Storage refused: the clock lasts for this page only.
    }
  };
  const show = () => {
    box.hidden = clock === null;
    if (clock === null) return;
    const now = Date.now();
    for (const side of [0, 1] as const) {
      faces[side].textContent = `${side === 0 ? 'White' : 'Black'} ${formatClock(timeLeft(clock, side, now))}`;
      faces[side].classList.toggle('running', clock.running === side);
      faces[side].classList.toggle('flagged', clock.flag === side);
    }
  };
  const start = (tc: TimeControl | null) => {
    clock = tc === null ? null : newClock(tc, runningSide(), Date.now(), plies());
    save();
    show();
  };

  preset.addEventListener('change', () => {
    customRow.hidden = preset.value !== 'custom';
    if (preset.value === 'off') start(null);
    else if (preset.value === 'custom') custom.focus();
    else start(parseTimeControl(preset.value));
  });
  const startCustom = () => {
    const tc = parseTimeControl(custom.value);
    custom.setCustomValidity(tc === null ? 'Write minutes + seconds of increment, such as 10+5 or 0:30+2.' : '');
    if (tc === null) custom.reportValidity();
    else start(tc);
  };
  custom.addEventListener('change', startCustom);
  custom.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') startCustom();
  });
  // A new game (the button, another variant, an import) starts the clock afresh.
  const restart = () => {
    if (clock !== null) start(clock.tc);
  };
  document.getElementById('new-game')?.addEventListener('click', restart);
  document.getElementById('variant')?.addEventListener('change', restart);
  document.getElementById('import')?.addEventListener('click', restart);

  // A flag that fell before the reload ends the restored game again.
  if (clock !== null && clock.flag !== null && !app.liveStatus.over) app.end(flagFall(clock.flag, app.canWin(clock.flag === 0 ? 1 : 0)));

  app.onChange(() => {
    if (clock === null) return;
    if (clock.flag !== null && !app.liveStatus.over) {
      // The fallen flag was taken back (undo): the clock goes off.
      preset.value = 'off';
      customRow.hidden = true;
      start(null);
      return;
    }
    const side = runningSide();
    if (side !== clock.running || plies() !== clock.plies) {
      clock = switchClock(clock, side, Date.now(), plies());
      save();
    }
    show();
  });

  setInterval(() => {
    if (clock === null || clock.running === null) return;
    const side = clock.running;
    const now = Date.now();
    if (timeLeft(clock, side, now) <= 0) {
      clock = { ...switchClock(clock, null, now, plies()), flag: side };
      clock.remaining[side] = 0;
      save();
      app.end(flagFall(side, app.canWin(side === 0 ? 1 : 0)));
    }
    show();
  }, 100);
  show();
}
