// Keyboard play on the focused board: arrow keys move a square cursor,
// Enter or Space picks up and puts down, Escape cancels, R, F and B read
// the rank, the file or the whole board aloud. It turns keys into intents;
// the board decides what they mean.

export interface KeyHandlers {
  /** Move the cursor by columns and rows on screen (right and down positive). */
  moveCursor(dCol: number, dRow: number): void;
  /** Enter or Space on the cursor's square. */
  activate(): void;
  /** Escape: true when it put something down (the key is then used up). */
  cancel(): boolean;
  read(what: 'rank' | 'file' | 'board'): void;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const READS: Record<string, 'rank' | 'file' | 'board'> = { r: 'rank', f: 'file', b: 'board' };

/** Listens on `canvas`; returns what stops listening. */
export function attachKeys(canvas: HTMLElement, h: KeyHandlers): () => void {
  const down = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const arrow = ARROWS[e.key];
    const read = READS[e.key.toLowerCase()];
    if (arrow !== undefined) h.moveCursor(arrow[0], arrow[1]);
    else if (e.key === 'Enter' || e.key === ' ') h.activate();
    else if (e.key === 'Escape') {
      if (!h.cancel()) return;
    } else if (read !== undefined && !e.shiftKey) h.read(read);
    else return;
    // Used here: the page's own keys (arrows through the move list) leave it alone.
    e.preventDefault();
  };
  canvas.addEventListener('keydown', down);
  return () => canvas.removeEventListener('keydown', down);
}
