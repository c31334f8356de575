// The game's app: the controller (`controller.ts`) with its board and
// dialogs. It draws the position the controller shows on the canvas board,
// asks the player for a promotion or one of several moves to a square, and
// shows a reserve's queue; the page's controls read and drive it.
import type { GameView } from '../ai/game-view';
import { Board } from '../board/board';
import { parseSquare, squareName } from '../board/geometry';
import type { ReserveClass } from '../board/reserve-layout';
import type { Color, Destination, Square } from '../engine/types';
import { askMoveChoice } from '../pieces/move-choice';
import { askPromotion } from '../pieces/promotion';
import { showQueue } from '../pieces/queue-view';
import { GameController, type ControllerOptions } from './controller';

export type { GameStart } from './controller';

export interface AppOptions extends ControllerOptions {
  boardContainer: HTMLElement;
  canvas: HTMLCanvasElement;
  promotionDialog: HTMLDialogElement;
}

export class App extends GameController implements GameView {
  readonly board: Board;
  /** Where the promotion, move choice and reserve queue are asked. */
  private readonly dialog: HTMLDialogElement;

  constructor(o: AppOptions) {
    // A game that cannot be made (a bad position or definition) throws here, before the board follows the window.
    super(o);
    this.dialog = o.promotionDialog;
    if (o.aiAhead === 'touch') o.boardContainer.addEventListener('pointerdown', () => this.prepareAi(), { passive: true });
    this.board = new Board(o.boardContainer, o.canvas, {
      canSelect: (sq) => this.canSelect(sq),
      destinations: (sq) => this.destinations(sq),
      preview: (sq) => this.movesOf(sq),
      move: (from, dest) => void this.userMove(from, dest),
      drop: (sq) => this.dropAt(sq),
      pickReserve: (cls) => this.pickReserve(cls),
      showQueue: (side) => void this.showQueue(side),
      endTurn: () => this.endTurn(),
    });
    this.refresh();
  }

  protected override show(animate: boolean): void {
    this.board.setPosition(this.shownPosition(), animate);
  }

  /** Viewport coordinates of the centre of square `name`, or null when the board has no such square. */
  squareCenter(name: string): { x: number; y: number } | null {
    const v = this.variant;
    const sq = parseSquare(name, v.width, v.height);
    return sq === null ? null : this.board.squareCenterClient(sq);
  }

  /** Viewport coordinates of the centre of a reserve man's cell, or null without reserves. */
  reserveCenter(side: Color, cls: ReserveClass, index: number): { x: number; y: number } | null {
    return this.board.reserveCenterClient(side, cls, index);
  }

  private async userMove(from: Square, dest: Destination): Promise<void> {
    if (this.o.readOnly === true) return;
    const v = this.variant;
    // The engine's text: a shot, swap or mutual destruction is not written as its two squares.
    let text = dest.text ?? squareName(from, v.width) + squareName(dest.to, v.width);
    const choices = dest.choices ?? [];
    if (choices.length > 1) {
      // Several moves to this square with different effects: the player picks one.
      const plies = this.hist.coord.length;
      const chosen = await askMoveChoice(this.dialog, choices, (sq) => squareName(sq, v.width));
      if (chosen === null || plies !== this.hist.coord.length) return;
      this.ai.paused = false;
      this.playTurn(chosen);
      return;
    }
    let only: string | null = null;
    if (dest.promotions.length === 1 && !dest.plain) {
      // One choice and no declining (a reserve's last piece, Overboard's Wonder, Flee!'s Guard): nothing to ask;
      // the status line tells what the man became.
      only = dest.promotions[0]!;
      text += `=${only}`;
    } else if (dest.promotions.length > 0) {
      const plies = this.hist.coord.length;
      const side = this.status.side;
      const pieces = this.rules.pieces();
      const kind = this.rules.board().find((c) => c.sq === from)?.kind;
      const mover = kind === undefined ? null : (pieces[kind] ?? null);
      const code = await askPromotion(this.dialog, dest.promotions, dest.plain, pieces, side, mover);
      if (code === null || plies !== this.hist.coord.length) return;
      if (code !== '') text += `=${code}`;
    }
    this.ai.paused = false;
    const plies = this.hist.coord.length;
    this.playTurn(text);
    if (only !== null && (this.hist.coord.length > plies || this.turnOpen)) {
      const piece = this.rules.pieces().find((p) => p.code === only);
      this.note = `Promoted to ${piece === undefined ? only : `a ${piece.name}`}, the only choice.`;
      this.notify();
    }
  }

  /** Shows `side`'s reserve queue; the whole reserve drawing when asked from there. */
  private async showQueue(side: Color): Promise<void> {
    const r = this.rules.reserves();
    const s = r?.[side];
    if (s === undefined) return;
    const names = this.variant.sides ?? ['White', 'Black'];
    if ((await showQueue(this.dialog, s, side, names[side], this.rules.pieces())) === 'whole') this.board.openReserve();
  }

  override dispose(): void {
    super.dispose();
    this.board.dispose();
  }
}
