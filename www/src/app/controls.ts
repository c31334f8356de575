// The side panel: variant, players, level and board controls, the AI's
// thinking, the result, the move list and the pieces. It shows the
// controller's state and forwards what the user asks.
import type { App } from '../game/app';
import { MoveList } from './movelist';
import { filterPiecePanel, renderPiecePanel } from '../pieces/panel';
import { PIECE_FILTERS, type PieceFilter } from '../pieces/catalogue';
import { resultText } from '../record/result';
import { renderRules } from '../pieces/rules-view';
import type { Notation } from '../record/record';
import { MAX_LEVEL, MIN_LEVEL, MODES, type Mode, type PieceInfo, type SearchChoice, type SearchProgress, type SideReserve, type VariantInfo } from '../engine/types';

/** AI vs AI's choices of the least time between two moves. */
const PACES: readonly [number, string][] = [
  [0, 'as fast as it plays'],
  [250, '0.25 s a move'],
  [500, '0.5 s a move'],
  [1000, '1 s a move'],
  [2000, '2 s a move'],
  [5000, '5 s a move'],
];

const MODE_LABELS: Record<Mode, string> = {
  hotseat: 'Two players (hot-seat)',
  'white-ai': 'You play White vs the AI',
  'black-ai': 'You play Black vs the AI',
  'ai-ai': 'AI vs AI',
};

function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (e === null) throw new Error(`the page has no #${id}`);
  return e as T;
}

function group(label: string, options: HTMLOptionElement[]): HTMLOptGroupElement {
  const g = document.createElement('optgroup');
  g.label = label;
  g.append(...options);
  return g;
}

function option(value: string, label: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = label;
  return o;
}

/** "+0.35", "mate in 3", "mated in 2", from the side to move's point of view. */
export function scoreText(p: { score_cp: number | null; mate: number | null }): string {
  if (p.mate !== null) return p.mate > 0 ? `mate in ${p.mate}` : `mated in ${-p.mate}`;
  if (p.score_cp === null) return '?';
  const s = p.score_cp / 100;
  return `${s > 0 ? '+' : ''}${s.toFixed(2)}`;
}

function countText(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}

/** A search's report; `line` is its principal variation already written as the move list writes moves. */
function progressText(p: SearchProgress, line: readonly string[]): string {
  const pv = line.join(' ');
  return `depth ${p.depth} · score ${scoreText(p)} · ${countText(p.nodes)} nodes · ${countText(p.nps)} nodes/s${pv ? ` · ${pv}` : ''}`;
}

/** The notation the player chose for the moves' texts (the record's setting): SAN unless coordinates. */
export function chosenNotation(): Notation {
  return (document.getElementById('notation') as HTMLSelectElement | null)?.value === 'coord' ? 'coord' : 'san';
}

/** The texts written for searches' choices, by notation: each is written once (writing replays the game). */
const choiceTexts = new WeakMap<SearchChoice, Map<Notation, string>>();

/** The search that chose the AI's last move: that move, then its line, in the notation chosen. */
function choiceText(app: App): string {
  const c = app.aiChoice;
  if (c === null) return '';
  const notation = chosenNotation();
  const known = choiceTexts.get(c.choice) ?? new Map<Notation, string>();
  choiceTexts.set(c.choice, known);
  let text = known.get(notation);
  if (text === undefined) {
    text = writeChoice(app, c.ply, c.choice, notation);
    known.set(notation, text);
  }
  return text;
}

function writeChoice(app: App, ply: number, choice: SearchChoice, notation: Notation): string {
  const played = app.lineAt(ply, [choice.best ?? ''], notation)[0] ?? choice.best ?? '';
  const line = app.lineAt(ply, choice.pv.slice(0, 8), notation).join(' ');
  // Lower levels may play another move than the best line's first: both are told.
  const best = choice.pv[0] === choice.best ? '' : ' (not the best line\'s first move: a lower level plays looser)';
  return `played ${played}${best} · depth ${choice.depth} · score ${scoreText(choice)}${line ? ` · ${line}` : ''}`;
}

/** Each side's credits, next drops and next promotion, in words (for readers, and beside the drawing). */
export function reserveText(sides: readonly SideReserve[], names: readonly string[], pieces: readonly PieceInfo[]): string {
  const name = (kind: number | undefined) => (kind === undefined ? 'none' : (pieces[kind]?.name ?? '?'));
  return sides
    .map((s, i) => {
      const piece = s.next_piece === null ? 'none' : name(s.pieces[s.next_piece]);
      const pawn = s.next_pawn === null ? 'none' : name(s.pawns[s.next_pawn]);
      const promo = s.promotion === null ? 'none' : name(s.pieces[s.promotion]);
      return `${names[i]}: credits ${s.credits[0]} piece, ${s.credits[1]} pawn; next piece ${piece}, next pawn ${pawn}, a promotion brings ${promo}.`;
    })
    .join(' ');
}

export function bindControls(app: App): void {
  const variant = el<HTMLSelectElement>('variant');
  const mode = el<HTMLSelectElement>('mode');
  const level = el<HTMLSelectElement>('level');
  const autoFlip = el<HTMLInputElement>('auto-flip');
  const piecesBox = el<HTMLDetailsElement>('pieces-box');
  const moves = new MoveList(el('moves'));

  // The built-in variants, then the gallery's author definitions.
  const sized = (v: { id: string; name: string; width: number; height: number }) => option(v.id, `${v.name} (${v.width}×${v.height})`);
  variant.append(group('Built-in', app.variants.map(sized)));
  if (app.gallery.length > 0) variant.append(group('Gallery', app.gallery.map(sized)));
  for (const m of MODES) mode.append(option(m, MODE_LABELS[m]));
  for (let i = MIN_LEVEL; i <= MAX_LEVEL; i++) level.append(option(String(i), String(i)));

  variant.addEventListener('change', () => void app.chooseVariant(variant.value));
  mode.addEventListener('change', () => app.setMode(mode.value as Mode));
  level.addEventListener('change', () => app.setLevel(Number(level.value)));
  autoFlip.addEventListener('change', () => app.setAutoFlip(autoFlip.checked));
  el('new-game').addEventListener('click', () => app.newGame());
  el('flip').addEventListener('click', () => app.flip());
  el('undo').addEventListener('click', () => app.undo());
  el('redo').addEventListener('click', () => app.redo());
  el('stop').addEventListener('click', () => app.stopAi());
  el('resume').addEventListener('click', () => app.resumeAi());
  el('step').addEventListener('click', () => app.stepAi());
  const pace = el<HTMLSelectElement>('pace');
  for (const [ms, label] of PACES) pace.append(option(String(ms), label));
  pace.addEventListener('change', () => app.setPace(Number(pace.value)));
  el('move-now').addEventListener('click', () => {
    if (!app.moveNow()) el('ai-note').textContent = 'No move found yet: still thinking.';
  });
  el('live').addEventListener('click', () => app.showPly(app.history.coord.length));
  el('drop-done').addEventListener('click', () => app.endTurn());
  el('drop-back').addEventListener('click', () => app.takeBackTurn());
  const seedInput = el<HTMLInputElement>('seed');
  el('seed-row').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = seedInput.value.trim();
    if (!/^[0-9]{1,15}$/.test(text)) {
      app.say('A seed is a whole number (up to 15 digits).');
      return;
    }
    app.newGame(app.variant.id, null, Number(text));
  });
  moves.picked((ply) => app.showPly(ply));

  // The piece panel is built when first opened and again for each new variant.
  let panelVariant = '';
  const search = el<HTMLInputElement>('piece-search');
  const filter = el<HTMLSelectElement>('piece-filter');
  for (const f of PIECE_FILTERS) filter.append(option(f, f === 'all' ? 'all kinds' : f === 'pawn' ? 'pawn kinds' : f));
  const applyFilter = () => {
    const pieces = app.pieces();
    const shown = filterPiecePanel(el('pieces'), pieces, search.value, filter.value as PieceFilter);
    el('piece-count').textContent = `${shown} of ${pieces.length}`;
  };
  const renderPanel = () => {
    if (!piecesBox.open || panelVariant === app.variant.id) return;
    panelVariant = app.variant.id;
    renderPiecePanel(el('pieces'), app.pieces(), (kind) => app.diagram(kind));
    applyFilter();
  };
  piecesBox.addEventListener('toggle', renderPanel);
  // The Rules view shows the live variant's rules text; its kinds are the Pieces panel's, opened from it.
  let rulesShown: VariantInfo | null = null;
  el('rules-pieces').addEventListener('click', () => {
    piecesBox.open = true;
    piecesBox.scrollIntoView({ block: 'start' });
    search.focus();
  });
  search.addEventListener('input', applyFilter);
  filter.addEventListener('change', applyFilter);

  // Arrow keys step through the moves; Escape returns to the game.
  document.addEventListener('keydown', (e) => {
    // Keys the board used (its cursor) are not the move list's.
    if (e.defaultPrevented) return;
    if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select, dialog') !== null) return;
    if (app.turnOpen && (e.key === 'Enter' || e.key === 'Escape')) {
      // An open turn: Enter ends it, Escape takes its move back.
      if (e.key === 'Enter') app.endTurn();
      else app.takeBackTurn();
      e.preventDefault();
      return;
    }
    const live = app.history.coord.length;
    const at = app.viewPly ?? live;
    if (e.key === 'ArrowLeft' && at > 0) app.showPly(at - 1);
    else if (e.key === 'ArrowRight' && at < live) app.showPly(at + 1);
    else if (e.key === 'Escape' && app.viewPly !== null) app.showPly(live);
    else return;
    e.preventDefault();
  });

  // While the AI thinks, the seconds count up even between its reports.
  const written = new WeakMap<SearchProgress, { notation: Notation; text: string }>();
  let thinkingSince: number | null = null;
  let shownThinking: App['ai']['thinking'] = null;
  let ticker: ReturnType<typeof setInterval> | null = null;
  const showThinking = () => {
    const t = app.ai.thinking;
    if (t === null || thinkingSince === null) return;
    const seconds = Math.floor((performance.now() - thinkingSince) / 1000);
    el('ai-text').textContent = `${t.side === 0 ? 'White' : 'Black'} (AI, level ${app.level}) is thinking… ${seconds} s`;
    const p = t.progress;
    if (p === null) el('ai-info').textContent = 'no depth finished yet';
    else {
      // Written once per report and notation: the ticker shows the same report every half second.
      const notation = chosenNotation();
      let w = written.get(p);
      if (w === undefined || w.notation !== notation) {
        w = { notation, text: progressText(p, app.lineAt(app.history.coord.length, p.pv.slice(0, 8), notation)) };
        written.set(p, w);
      }
      el('ai-info').textContent = w.text;
    }
  };

  const update = () => {
    const v = app.variant;
    const status = app.liveStatus;
    const h = app.history;
    // While a gallery variant compiles, the menu shows the choice.
    variant.value = app.loading ?? v.id;
    mode.value = app.mode;
    level.value = String(app.level);
    autoFlip.checked = app.autoFlip;
    autoFlip.disabled = app.mode !== 'hotseat';
    el('variant-name').textContent = v.name;
    if (rulesShown !== v) {
      rulesShown = v;
      el('rules-title').textContent = `Rules of ${v.name}`;
      renderRules(el('rules'), v);
    }
    document.title = `${v.name} — bigboard`;

    const notes = el('notes');
    notes.textContent = v.notes;
    notes.hidden = v.notes === '';

    const result = el('result');
    const text = resultText(status, v.sides);
    result.textContent = text ?? '';
    result.hidden = text === null;

    const names = v.sides ?? ['White', 'Black'];
    const side = names[status.side];
    const mover = names[1 - status.side];
    el('turn').textContent = app.turnOpen
      ? `${mover} may drop`
      : status.over
        ? 'Game over.'
        : `${side} to move${status.check ? ' — check!' : ''}${app.isAiTurn(status.side) ? ' (AI)' : ''}`;
    el('drop-bar').hidden = !app.turnOpen;
    if (app.turnOpen) el('drop-text').textContent = `${mover}: drop on a marked square, or Done (Enter). Escape takes the move back.`;
    const reserveInfo = el('reserve-info');
    const reserves = app.reserves();
    reserveInfo.hidden = reserves === null;
    if (reserves !== null) reserveInfo.textContent = reserveText(reserves, names, app.pieces());
    el('seed-row').hidden = v.random_setup !== true;
    if (document.activeElement !== seedInput) seedInput.value = app.seed === null ? '' : String(app.seed);
    // An error first, then a refused save (told until a save succeeds), then a notice.
    const line = el('status-line');
    const problem = app.saveProblem === null ? '' : `This game is not saved: ${app.saveProblem}.`;
    const loading = app.loading === null ? '' : `Loading ${app.variantName(app.loading)}…`;
    line.textContent = app.message || problem || loading || app.note;
    line.classList.toggle('notice', app.message === '' && problem === '');

    const t = app.ai.thinking;
    // The box stays for the whole of a game with the AI, so the controls below never move.
    const aiBox = el('ai-box');
    aiBox.hidden = t === null && !(app.mode !== 'hotseat' && app.ai.failure === null);
    aiBox.classList.toggle('thinking', t !== null);
    const aiVsAi = app.mode === 'ai-ai';
    const paused = app.ai.paused && !status.over && app.isAiTurn(status.side);
    if (t === null) {
      el('ai-text').textContent = paused
        ? 'The AI is paused.'
        : status.over
          ? 'The game is over.'
          : aiVsAi
            ? 'AI vs AI: the next move comes at the pace chosen.'
            : `The AI (level ${app.level}) thinks on its turn.`;
    }
    el<HTMLButtonElement>('move-now').disabled = t === null;
    // In AI vs AI the game can be paused between moves too, and stepped through.
    el<HTMLButtonElement>('stop').disabled = !(t !== null || (aiVsAi && !app.ai.paused && !status.over));
    el('stop').textContent = aiVsAi ? 'Pause' : 'Stop';
    el('resume').textContent = aiVsAi ? 'Play' : 'AI, play';
    el('pace-row').hidden = !aiVsAi;
    el<HTMLButtonElement>('step').disabled = !paused;
    pace.value = String(app.paceMs);
    if (t !== null && t !== shownThinking) {
      thinkingSince = performance.now();
      ticker ??= setInterval(showThinking, 500);
    } else if (t === null && ticker !== null) {
      clearInterval(ticker);
      ticker = null;
      thinkingSince = null;
      el('ai-note').textContent = '';
    }
    shownThinking = t;
    // Not thinking: the search that chose the last move, or nothing (a new game, another variant, an import, a link,
    // an undo): never a line of another position.
    if (t === null) el('ai-info').textContent = choiceText(app);
    showThinking();
    el<HTMLButtonElement>('resume').disabled = !(app.ai.paused && t === null && !status.over && app.isAiTurn(status.side));

    el<HTMLButtonElement>('undo').disabled = !app.canUndo;
    el<HTMLButtonElement>('redo').disabled = !app.canRedo;

    const viewing = app.viewPly;
    el('view-bar').hidden = viewing === null;
    if (viewing !== null) el('view-text').textContent = viewing === 0 ? 'Viewing the start position.' : `Viewing the position after move ${viewing}.`;
    moves.render(h.san, h.start_fen, viewing ?? h.coord.length);
    renderPanel();
  };
  app.onChange(update);
  // The AI box's line is written again in the notation just chosen.
  el('notation').addEventListener('change', update);
  update();
}
