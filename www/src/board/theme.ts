// Board colour themes: a few palettes (one dark, one high-contrast with
// haloed pieces), "auto" following the system's light or dark preference,
// and the choice kept in localStorage.

export interface Theme {
  id: string;
  name: string;
  light: string;
  dark: string;
  gutterBg: string;
  gutterText: string;
  /** Pieces drawn with a contrasting halo and heavier outline. */
  contrast: boolean;
  /** What the board marks on squares, each readable on both square colours. */
  marks: Marks;
}

/**
 * The colours of the board's marks. Each reaches a WCAG contrast of at
 * least 3:1 against both square colours of its theme and is plainly
 * another colour than the pieces' outlines and fills (theme.test.ts
 * computes both), so a mark is seen on any square, over any piece.
 */
export interface Marks {
  /** A square the selected piece may move to (a dot), and the selected square's frame. */
  move: string;
  /** A square where it captures (corner wedges, clear of the piece's rim). */
  capture: string;
  /** The last move's two squares (frames). */
  last: string;
  /** A royal piece in check (a frame, over a red glow). */
  check: string;
  /** The suggested move's arrow. */
  hint: string;
}

export const THEMES: readonly Theme[] = [
  {
    id: 'wood', name: 'Wood', light: '#eed9b4', dark: '#b48762', gutterBg: '#2b2824', gutterText: '#d8d2c4', contrast: false,
    marks: { move: '#04420e', capture: '#7a0606', last: '#08348c', check: '#6e055c', hint: '#4c0894' },
  },
  {
    id: 'green', name: 'Green', light: '#eeeed2', dark: '#769656', gutterBg: '#26301f', gutterText: '#e0e6d4', contrast: false,
    marks: { move: '#043d0d', capture: '#740606', last: '#073088', check: '#68055a', hint: '#480890' },
  },
  {
    id: 'night', name: 'Night (dark)', light: '#56616f', dark: '#333b47', gutterBg: '#15181d', gutterText: '#b9c2cf', contrast: false,
    marks: { move: '#66f27a', capture: '#ffb36b', last: '#66dcff', check: '#ffa0a0', hint: '#d2b8ff' },
  },
  {
    id: 'contrast', name: 'High contrast', light: '#ffffff', dark: '#8c8c8c', gutterBg: '#000000', gutterText: '#ffffff', contrast: true,
    marks: { move: '#033a0b', capture: '#6c0505', last: '#052c7c', check: '#60044f', hint: '#44078a' },
  },
];

export const DEFAULT_THEME = THEMES[0]!;
export const AUTO = 'auto';
export const THEME_KEY = 'bigboard.theme';

/** The theme for a choice ('auto' or a theme id): auto picks Night when the system prefers dark. */
export function resolveTheme(choice: string, prefersDark: boolean): Theme {
  const named = THEMES.find((t) => t.id === choice);
  if (named !== undefined) return named;
  return prefersDark ? THEMES.find((t) => t.id === 'night')! : DEFAULT_THEME;
}

export function loadThemeChoice(store: Storage | null): string {
  try {
    const v = store?.getItem(THEME_KEY) ?? null;
    return v !== null && THEMES.some((t) => t.id === v) ? v : AUTO;
  } catch {
    return AUTO;
  }
}

export function saveThemeChoice(store: Storage | null, choice: string): void {
  try {
    store?.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
}

/** Binds the theme select box: applies the chosen (or system) theme now and on every change. */
export function bindTheme(select: HTMLSelectElement, store: Storage | null, apply: (t: Theme) => void): void {
  const auto = document.createElement('option');
  auto.value = AUTO;
  auto.textContent = 'Automatic (as the system)';
  select.append(auto);
  for (const t of THEMES) {
    const o = document.createElement('option');
    o.value = t.id;
    o.textContent = t.name;
    select.append(o);
  }
  const dark = matchMedia('(prefers-color-scheme: dark)');
  let choice = loadThemeChoice(store);
  select.value = choice;
  const show = () => apply(resolveTheme(choice, dark.matches));
  select.addEventListener('change', () => {
    choice = select.value;
    saveThemeChoice(store, choice);
    show();
  });
  dark.addEventListener('change', show);
  show();
}
