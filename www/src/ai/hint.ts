// The Hint button: the engine, at full strength for a short time in the
// page's engine worker (before any analysis, after the AI's move), suggests
// a move for the side to move; the board shows it as an arrow until the
// position changes.
import type { AiClient, AiClientEvents } from './client';
import type { GameView } from './game-view';
import { moveSquares } from '../board/geometry';
import type { Notation } from '../record/record';

/** How long the engine thinks about a hint, at level 8. */
export const HINT_TIME_MS = 700;
const HINT_LEVEL = 8;

export class Hinter {
  /** The move hinted for the position shown now, or null. */
  current: string | null = null;
  private client: AiClient | null = null;
  private asking = false;

  constructor(
    private readonly app: GameView,
    private readonly createClient: (events: AiClientEvents) => AiClient,
    private readonly button: HTMLButtonElement,
    private readonly note: HTMLElement | null,
    /** How the page writes moves (the hint is written the same way). */
    private readonly notation: () => Notation = () => 'san',
  ) {
    button.addEventListener('click', () => void this.ask());
    app.onChange(() => this.update());
    this.update();
  }

  private canAsk(): boolean {
    const s = this.app.liveStatus;
    // No engine's help in a live game with a friend on another device.
    const friend = this.app.localSide !== null;
    return !this.asking && !s.over && !friend && this.app.viewPly === null && !this.app.isAiTurn(s.side);
  }

  private update(): void {
    this.button.disabled = !this.canAsk();
    // The board drops its arrow with each new position; so does the note.
    if (this.current !== null && this.app.board.hint === null) {
      this.current = null;
      this.say('');
    }
  }

  private say(text: string): void {
    if (this.note !== null) this.note.textContent = text;
  }

  async ask(): Promise<void> {
    if (!this.canAsk()) return;
    this.client ??= this.createClient({ progress: () => {}, failed: (m) => this.say(`No hint: ${m}`) });
    const app = this.app;
    const h = app.history;
    const plies = h.coord.length;
    this.asking = true;
    this.update();
    this.say('Thinking of a hint…');
    try {
      const choice = await this.client.think({
        variant: app.variant.id,
        definition: app.definitionText,
        fen: h.start_fen,
        moves: h.coord.join(' '),
        level: HINT_LEVEL,
        timeMs: HINT_TIME_MS,
        seed: Math.floor(Math.random() * 0xffffffff),
      });
      const best = choice?.best ?? null;
      const v = app.variant;
      const squares = best === null ? null : moveSquares(best, v.width, v.height);
      if (plies !== app.history.coord.length || app.viewPly !== null) {
        this.say('');
      } else if (best === null || squares === null) {
        this.say('No hint found.');
      } else {
        this.current = best;
        app.board.setHint(squares);
        // Written as the move list writes moves.
        this.say(`Hint: ${app.lineAt(plies, [best], this.notation())[0] ?? best}`);
      }
    } catch (e) {
      this.say(`No hint: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.asking = false;
      this.update();
    }
  }

  dispose(): void {
    this.client?.dispose();
  }
}
