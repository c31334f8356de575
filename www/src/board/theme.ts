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
}

export const THEMES: readonly Theme[] = [
  { id: 'wood', name: 'Wood', light: '#eed9b4', dark: '#b48762', gutterBg: '#2b2824', gutterText: '#d8d2c4', contrast: false },
  { id: 'green', name: 'Green', light: '#eeeed2', dark: '#769656', gutterBg: '#26301f', gutterText: '#e0e6d4', contrast: false },
  { id: 'night', name: 'Night (dark)', light: '#6b7a8c', dark: '#3b4656', gutterBg: '#15181d', gutterText: '#b9c2cf', contrast: false },
  { id: 'contrast', name: 'High contrast', light: '#ffffff', dark: '#707070', gutterBg: '#000000', gutterText: '#ffffff', contrast: true },
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
