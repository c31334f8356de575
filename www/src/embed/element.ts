// <bigboard-game>: a board to put on any page with one script and one tag.
// Each element has its own game, controller and (when the AI, a hint or the
// analysis is asked for) one engine worker, all inside a shadow root; the
// wasm module is loaded once for the page. An author's definition is
// compiled a few milliseconds at a time, so the page stays responsive.
import { AiClient } from '../ai/client';
import { EngineHost } from '../ai/host';
import { App, type GameStart } from '../game/app';
import { loadDefinition, problemList, shortRef } from './definition';
import { EMBED_ATTRIBUTES, readOptions, type EmbedControl, type EmbedOptions } from './options';
import { embedAnalysis } from './analysis';
import { embedClock } from './clock';
import { applyTheme, bindEmbedSounds, describeCanvas, moveForm } from './comforts';
import { endingControls } from './ending';
import { embedStyleSheet } from './style';
import { compileDefinition, definitionCompilationCount, errorMessage, loadEngine } from '../engine/engine';
import { Hinter } from '../ai/hint';
import { pieceBrowser } from '../pieces/browser';
import { rulesView } from '../pieces/rules-view';
import { resultText } from '../record/result';
import type { History, Mode, Status } from '../engine/types';
import type { Notation } from '../record/record';

type ButtonControl = 'new' | 'undo' | 'redo' | 'flip' | 'pause' | 'step';
const CONTROL_LABELS: Record<ButtonControl, string> = { new: 'New game', undo: 'Undo', redo: 'Redo', flip: 'Flip board', pause: 'Pause', step: 'Step' };
const isButtonControl = (c: EmbedControl): c is ButtonControl => c in CONTROL_LABELS;

/** Where the elements find the wasm module and start an AI worker. */
export interface EngineAssets {
  wasm(): URL | WebAssembly.Module | Promise<URL | WebAssembly.Module>;
  worker(): Worker;
}

/** Beside this script by default (bigboard-embed.js with bigboard_bg.wasm and worker.js); a bundle that inlines both (the single offline file) gives its own. */
let assets: EngineAssets = {
  wasm: () => new URL('./bigboard_bg.wasm', import.meta.url),
  worker: () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'bigboard-engine' }),
};

let engine: Promise<void> | null = null;

/** The wasm module, loaded the first time an element needs it. */
function engineReady(): Promise<void> {
  engine ??= Promise.resolve(assets.wasm()).then(loadEngine);
  return engine;
}

function spawnWorker(): Worker {
  return assets.worker();
}

function appMode(o: EmbedOptions): Mode {
  if (o.mode === 'ai-vs-ai') return 'ai-ai';
  if (o.mode === 'vs-ai') return o.orientation === 'black' ? 'black-ai' : 'white-ai';
  return 'hotseat';
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== '') e.textContent = text;
  return e;
}

/** The promotion dialog askPromotion expects. */
function promotionDialog(): HTMLDialogElement {
  const dialog = element('dialog', 'promotion');
  const cancel = element('button', 'promotion-cancel', 'Cancel');
  cancel.type = 'button';
  dialog.append(element('h2', '', 'Promote to'), element('div', 'promotion-list'), cancel);
  return dialog;
}

export class BigboardGame extends HTMLElement {
  static readonly observedAttributes = EMBED_ATTRIBUTES;

  /** How many definition texts the page's engine has compiled (for tests: a text compiled lately is not compiled again). */
  static definitionCompilations(): number {
    return definitionCompilationCount();
  }

  private readonly root: ShadowRoot;
  private app: App | null = null;
  /** What ends with the current board: the engine worker, the clock, the theme's media listener, a compilation under way. */
  private cleanups: (() => void)[] = [];
  /** Tells a build that finished late from the current one. */
  private generation = 0;
  private rebuildPending = false;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.adoptedStyleSheets = [embedStyleSheet()];
  }

  connectedCallback(): void {
    this.scheduleBuild();
  }

  disconnectedCallback(): void {
    this.generation++;
    this.teardown();
    this.root.replaceChildren();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.scheduleBuild();
  }

  // ---- read-only API for page scripts (and the tests)

  /** The position shown as text; '' until the board is ready. */
  fen(): string {
    return this.app?.fen() ?? '';
  }
  /** The moves played; null until the board is ready. */
  history(): History | null {
    return this.app?.history ?? null;
  }
  status(): Status | null {
    return this.app?.liveStatus ?? null;
  }
  /** The game as PGN-like text with tags, moves in SAN (or coordinates: `'coord'`); '' until the board is ready. */
  record(notation: Notation = 'san'): string {
    return this.app?.exportText(notation === 'coord' ? 'coord' : 'san') ?? '';
  }
  /** Viewport coordinates of a square's centre, or null. */
  squareCenter(name: string): { x: number; y: number } | null {
    return this.app?.squareCenter(name) ?? null;
  }

  // ---- building

  private teardown(): void {
    for (const f of this.cleanups.splice(0)) f();
    this.app?.dispose();
    this.app = null;
  }

  /** Several attribute changes in one task rebuild once. */
  private scheduleBuild(): void {
    if (this.rebuildPending) return;
    this.rebuildPending = true;
    queueMicrotask(() => {
      this.rebuildPending = false;
      if (this.isConnected) void this.build();
    });
  }

  private async build(): Promise<void> {
    const generation = ++this.generation;
    this.teardown();
    const frame = element('div', 'frame');
    const message = element('p', 'message');
    message.setAttribute('role', 'status');
    this.root.replaceChildren(frame);
    const { options, warnings } = readOptions((name) => this.getAttribute(name));
    const loading = element('p', 'loading', 'Loading the variant…');
    loading.setAttribute('role', 'status');
    try {
      await engineReady();
      let definition: string | null = null;
      if (options.definition !== null) {
        frame.append(loading);
        const root = this.getRootNode();
        definition = await loadDefinition(options.definition, root instanceof ShadowRoot ? root : document);
        if (generation !== this.generation) return;
        const abort = new AbortController();
        this.cleanups.push(() => abort.abort());
        const problems = await compileDefinition(definition, abort.signal);
        loading.remove();
        if (generation !== this.generation) return;
        if (problems.length > 0) {
          const n = problems.length;
          frame.append(problemList(`The variant definition "${shortRef(options.definition)}" has ${n} problem${n === 1 ? '' : 's'}:`, problems));
          return;
        }
      }
      if (generation !== this.generation) return;
      const notice = warnings.length > 0 ? `Ignored: ${warnings.join('; ')}.` : '';
      this.show(frame, message, notice, options, { variant: options.variant, definition, fen: options.fen, moves: options.moves, seed: options.seed });
    } catch (e) {
      if (generation !== this.generation) return;
      // Whatever show() built before it failed goes: no empty board above the problem.
      loading.remove();
      this.teardown();
      frame.replaceChildren(problemList('The board could not start:', [{ at: '', message: errorMessage(e) }]));
    }
  }

  /** Builds the board, its bar and panel into `frame`; `notice` is shown until the game has something to say. */
  private show(frame: HTMLElement, message: HTMLElement, notice: string, o: EmbedOptions, start: GameStart): void {
    const wrap = element('div', 'board-wrap');
    const canvas = element('canvas', 'board');
    canvas.setAttribute('aria-label', 'The board');
    wrap.append(canvas);
    const row = element('div', 'board-row');
    row.append(wrap);
    const dialog = promotionDialog();
    const turn = element('span', 'turn');
    turn.setAttribute('role', 'status');
    if (o.mode === 'view') turn.classList.add('view');
    const buttons = element('div', 'buttons');
    const bar = element('div', 'bar');
    bar.append(turn, buttons);
    frame.append(row, bar, message, dialog);
    // One engine worker for the AI, the hint and the analysis, started when first asked.
    const host = new EngineHost(spawnWorker);
    this.cleanups.push(() => host.dispose());

    const app = new App({
      // No variant list: it would compile every built-in variant (half a
      // second in the page's thread), and the element neither lists nor imports.
      variants: [],
      boardContainer: wrap,
      canvas,
      promotionDialog: dialog,
      storage: null,
      createAi: (events) => new AiClient(host, 'ai', events),
      start,
      readOnly: o.mode === 'view',
      aiAhead: 'touch',
    });
    this.app = app;
    app.mode = appMode(o);
    app.level = o.level;
    app.paceMs = o.paceMs;
    app.orientation = o.orientation;
    const v = app.variant;
    // A variant with reserves draws them as strips above and below the board: the box takes the drawing's shape,
    // which the board gives as --board-aspect (its height to width) once laid out.
    wrap.style.aspectRatio = app.reserves() === null ? `${v.width} / ${v.height}` : `1 / var(--board-aspect, ${(v.height + 2) / v.width})`;
    this.cleanups.push(applyTheme(app, frame, o.theme));
    bindEmbedSounds(app, o.sounds);
    const live = element('p', 'visually-hidden');
    live.setAttribute('aria-live', 'polite');
    const help = element('p', 'visually-hidden');
    wrap.append(live, help);
    describeCanvas(app, canvas, live, help);
    const clock = o.clock === null ? null : embedClock(app, o.clock);
    if (clock !== null) {
      bar.before(clock.box);
      this.cleanups.push(() => clock.clock.dispose());
    }

    const actions: Record<ButtonControl, () => void> = {
      new: () => {
        app.newGame(v.id, o.fen);
        clock?.clock.start(o.clock);
      },
      undo: () => app.undo(),
      redo: () => app.redo(),
      flip: () => app.flip(),
      // Pause stops the AI (between moves too, in AI vs AI); pressed again, it plays on.
      pause: () => (app.ai.paused ? app.resumeAi() : app.stopAi()),
      step: () => app.stepAi(),
    };
    const shown = new Map<EmbedControl, HTMLButtonElement>();
    const ending = endingControls(app, o.controls.includes('resign'), o.controls.includes('draw'));
    for (const c of o.controls) {
      if (isButtonControl(c)) {
        const b = element('button', `control-${c}`, CONTROL_LABELS[c]);
        b.type = 'button';
        b.addEventListener('click', actions[c]);
        buttons.append(b);
        shown.set(c, b);
      } else if (c === 'hint') {
        const b = element('button', 'control-hint', 'Hint');
        b.type = 'button';
        buttons.append(b);
        const note = element('span', 'hint-note');
        bar.append(note);
        const hinter = new Hinter(app, (events) => new AiClient(host, 'hint', events), b, note);
        this.cleanups.push(() => hinter.dispose());
      } else if (c === 'type') {
        bar.append(moveForm(app, message));
      } else if (c === 'analysis') {
        const a = embedAnalysis(app, (events) => new AiClient(host, 'analysis', events));
        buttons.append(a.toggle);
        row.prepend(a.bar);
        message.before(a.text);
        this.cleanups.push(() => a.analyzer.dispose());
      } else {
        buttons.append(...ending.buttons.filter((b) => b.classList.contains(`control-${c}`)));
      }
    }
    bar.after(ending.question);

    // The rules in words (from the definition), folded under the board; the kinds with their moves in it.
    frame.append(rulesView(app.variant, app.pieces(), (kind) => app.diagram(kind)));
    // A long legend starts folded, with a search, and scrolls in a bounded box.
    if (o.legend) frame.append(pieceBrowser('Pieces', app.pieces(), (kind) => app.diagram(kind)));

    const update = () => {
      const status = app.liveStatus;
      const names = app.variant.sides ?? ['White', 'Black'];
      const result = resultText(status, names);
      const side = names[status.side];
      turn.classList.toggle('over', result !== null);
      if (o.mode === 'view') turn.textContent = `${v.name}: ${side} to move. Click a piece to see its moves.`;
      else if (result !== null) turn.textContent = result;
      else if (app.ai.thinking !== null) turn.textContent = `${side} (AI) is thinking…`;
      else turn.textContent = `${side} to move${status.check ? ' — check!' : ''}`;
      // The line is cut short where the bar is narrow; the whole of it is its title.
      turn.title = turn.textContent;
      message.textContent = app.message || app.note || notice;
      message.classList.toggle('notice', app.message === '' && app.note !== '');
      const undo = shown.get('undo');
      if (undo !== undefined) undo.disabled = !app.canUndo;
      const redo = shown.get('redo');
      if (redo !== undefined) redo.disabled = !app.canRedo;
      const aiPlays = app.isAiTurn(0) || app.isAiTurn(1);
      const paused = app.ai.paused && !status.over;
      const pause = shown.get('pause');
      if (pause !== undefined) {
        pause.textContent = paused ? 'Play' : 'Pause';
        pause.disabled = !aiPlays || status.over;
      }
      const step = shown.get('step');
      if (step !== undefined) step.disabled = !(paused && app.isAiTurn(status.side));
    };
    app.onChange(update);
    update();
    app.start();
  }
}

/** Defines <bigboard-game> (once), its engine from `from` when given. */
export function defineBigboardGame(from?: EngineAssets): void {
  if (from !== undefined) assets = from;
  if (customElements.get('bigboard-game') === undefined) customElements.define('bigboard-game', BigboardGame);
}
