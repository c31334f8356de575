// Boots the app page from wherever its files are (beside the page, or
// inlined in the single offline file): loads the wasm engine, builds the
// controller and the controls, and exposes a small read-only hook for the
// end-to-end tests.
import { AiClient } from '../ai/client';
import { EngineHost } from '../ai/host';
import { Analyzer } from '../ai/analysis';
import { App } from '../game/app';
import { bindControls, chosenNotation } from './controls';
import { errorMessage, loadEngine, variantList } from '../engine/engine';
import { bindClock } from './clock';
import { bindFriend } from './friend';
import { bindEnding } from './ending';
import { bindGames } from './games';
import { bindRecord } from './record';
import { bindEditor } from '../editor/dialog';
import { bindImport } from '../editor/import-dialog';
import type { ImportModuleSource } from '../engine/importer';
import { Hinter } from '../ai/hint';
import { bindKeyboard } from '../comforts/keyboard';
import { bindSound } from '../comforts/sound';
import { bindTheme } from '../board/theme';
import type { Color, History, PieceInfo, SideReserve, Status } from '../engine/types';
import { drawPiece } from '../pieces/figures';
import { GALLERY } from './gallery';
import { parseSquare, squareName } from '../board/geometry';

/** What the end-to-end tests may read; nothing here changes the game. */
interface TestHook {
  /** The id of the variant played. */
  variant(): string;
  fen(): string;
  status(): Status;
  history(): History;
  /** Viewport CSS pixel coordinates of a square's centre, or null for no such square. */
  squareCenter(name: string): { x: number; y: number } | null;
  /** Measurements: page start to interactive, and the last selection to its highlight drawn. */
  /** The move the Hint button suggested for the position shown, or null. */
  hint(): string | null;
  timing(): { interactiveMs: number | null; highlightMs: number | null; highlightWorkMs: number | null; previewWorkMs: number | null };
  /** The last move's effects drawn on the board, with square names; and how many moves' effects were drawn spreading so far. */
  effects(): { kind: string; at: string; to: string | null }[];
  effectsAnimated(): number;
  /** Viewport CSS pixel coordinates of badge place `i` (0 bottom left, 1 bottom right, 2 top left, 3 bottom middle) of square `name`. */
  badgeCenter(name: string, i: number): { x: number; y: number } | null;
  /** Moves drawn sliding so far, and the frames drawn while one slid. */
  motion(): { started: number; frames: number };
  /** Where the loupe over a dragging finger is (viewport CSS pixels), or null. */
  loupe(): { x: number; y: number; r: number } | null;
  /** The board's squares' size now, in CSS pixels. */
  squareCss(): number;
  /** The pieces of the variant played. */
  pieces(): readonly PieceInfo[];
  /** The live game's reserves, or null; its random setup's seed, or null; whether a turn's drops may still follow. */
  reserves(): readonly SideReserve[] | null;
  seed(): number | null;
  turnOpen(): boolean;
  /** Viewport CSS pixel coordinates of a reserve man's cell, or null without reserves. */
  reserveCenter(side: Color, cls: 'piece' | 'pawn', index: number): { x: number; y: number } | null;
  /** The reserves drawn as strips (a narrow screen), and whether the whole reserve is opened. */
  reserveStrip(): { compact: boolean; open: boolean };
  /** The game with a friend: the link's state, its notice, and the side this page plays (null: none). */
  friend(): { state: string; notice: string; side: 0 | 1 | null; offer: string | null; chat: readonly string[] };
  /** Draws piece `kind` of `color` filling `canvas` (on a turned board when `flipped`): a sheet of tokens. */
  drawPiece(canvas: HTMLCanvasElement, kind: number, color: Color, flipped: boolean): void;
}

declare global {
  interface Window {
    bigboardTest?: TestHook;
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function fatal(message: string): void {
  const line = document.getElementById('status-line');
  if (line !== null) line.textContent = message;
  document.body.classList.add('failed');
}

/** Where the page's wasm and AI worker come from. */
export interface PageAssets {
  wasm: URL | WebAssembly.Module;
  /** Starts an engine worker (the page keeps one at a time). */
  worker(): Worker;
  /** The import module, asked for when a variant is first pasted. */
  importer: ImportModuleSource;
}

async function boot(assets: PageAssets): Promise<void> {
  await loadEngine(assets.wasm);
  const canvas = document.getElementById('board');
  const container = document.getElementById('board-wrap');
  const dialog = document.getElementById('promotion');
  if (!(canvas instanceof HTMLCanvasElement) || container === null || !(dialog instanceof HTMLDialogElement)) {
    throw new Error('the page is missing its board or dialog');
  }
  // One engine worker for the AI, the hint and the analysis.
  const host = new EngineHost(assets.worker);
  const app = new App({
    variants: variantList(),
    gallery: GALLERY,
    boardContainer: container,
    canvas,
    promotionDialog: dialog,
    storage: storage(),
    createAi: (events) => new AiClient(host, 'ai', events),
  });
  bindControls(app);
  const record = bindRecord(app);
  bindGames(app, (text, note) => record.show(text, note));
  bindEditor(app, document.getElementById('open-editor'));
  bindImport(app, document.getElementById('open-import'), assets.importer);
  bindKeyboard(app, canvas);
  bindEnding(app);
  const clock = bindClock(app, storage());
  const friend = bindFriend(app, storage(), clock);
  const themeSelect = document.getElementById('theme');
  const hintButton = document.getElementById('hint');
  const hinter =
    hintButton instanceof HTMLButtonElement
      ? new Hinter(app, (events) => new AiClient(host, 'hint', events), hintButton, document.getElementById('hint-text'), chosenNotation)
      : null;
  const [analysisToggle, evalBar, evalFill, analysisText] = ['analysis', 'eval-bar', 'eval-fill', 'analysis-text'].map((id) => document.getElementById(id));
  if (analysisToggle instanceof HTMLInputElement && evalBar && evalFill && analysisText) {
    const elements = { toggle: analysisToggle, bar: evalBar, fill: evalFill, text: analysisText };
    const analyzer = new Analyzer(app, (events) => new AiClient(host, 'analysis', events), elements, storage(), chosenNotation);
    document.getElementById('notation')?.addEventListener('change', () => analyzer.notationChanged());
  }
  const soundToggle = document.getElementById('sound');
  if (soundToggle instanceof HTMLInputElement) bindSound(app, soundToggle, storage());
  if (themeSelect instanceof HTMLSelectElement) bindTheme(themeSelect, storage(), (t) => app.board.setTheme(t));
  app.start();

  let interactiveMs: number | null = null;
  requestAnimationFrame(() => {
    interactiveMs = performance.now();
    document.body.classList.add('ready');
  });
  window.bigboardTest = Object.freeze({
    variant: () => app.variant.id,
    fen: () => app.fen(),
    status: () => app.liveStatus,
    history: () => app.history,
    squareCenter: (name: string) => app.squareCenter(name),
    hint: () => hinter?.current ?? null,
    motion: () => ({ started: app.board.motionsStarted, frames: app.board.motionFrames }),
    effects: () => {
      const name = (sq: number) => squareName(sq, app.variant.width);
      return app.board.effects.map((e) => ({ kind: e.kind, at: name(e.at), to: e.to === null ? null : name(e.to) }));
    },
    effectsAnimated: () => app.board.effectsAnimated,
    badgeCenter: (name: string, i: number) => {
      const sq = parseSquare(name, app.variant.width, app.variant.height);
      return sq === null ? null : app.board.badgeCenterClient(sq, i);
    },
    pieces: () => app.pieces(),
    reserves: () => app.reserves(),
    seed: () => app.seed,
    turnOpen: () => app.turnOpen,
    reserveCenter: (side: Color, cls: 'piece' | 'pawn', index: number) => app.reserveCenter(side, cls, index),
    reserveStrip: () => ({ compact: app.board.compact, open: app.board.reserveOpen }),
    loupe: () => app.board.loupe,
    friend: () => ({
      state: friend.state,
      notice: friend.notice,
      side: friend.side,
      offer: friend.offer === null ? null : `${friend.offer.by} ${friend.offer.what}`,
      chat: friend.chat.map((c) => `${c.from}: ${c.text}`),
    }),
    previewSquares: () => app.board.previewSquares.map((sq) => squareName(sq, app.variant.width)),
    squareCss: () => app.board.squareCss,
    drawPiece: (canvas: HTMLCanvasElement, kind: number, color: Color, flipped: boolean) => {
      const piece = app.pieces()[kind];
      const ctx = canvas.getContext('2d');
      if (piece !== undefined && ctx !== null) drawPiece(ctx, piece, color, 0, 0, canvas.width, flipped);
    },
    timing: () => ({
      interactiveMs,
      highlightMs: app.board.lastHighlightMs,
      highlightWorkMs: app.board.lastHighlightWorkMs,
      previewWorkMs: app.board.lastPreviewWorkMs,
    }),
  });
}

/** Starts the app page; a failure is shown on the page. */
export function startPage(assets: PageAssets): void {
  boot(assets).catch((e: unknown) => fatal(`The page could not start: ${errorMessage(e)}`));
}
