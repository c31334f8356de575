// The colours pieces are drawn in: outline ink, the two sides' fills and
// the light detail on black pieces, and the halo of the high-contrast
// theme. The board's marks are chosen to stand apart from all of them.

export const INK = '#161616';
export const WHITE_FILL = '#fbfaf6';
export const BLACK_FILL = '#262421';
export const BLACK_DETAIL = '#e9e4d8';
/** The halo round a piece in the high-contrast theme: the opposite of its side. */
export const HALO = { white: '#000000', black: '#ffffff' } as const;

/** Every colour of a piece's rim and body, for the marks' distinctness test. */
export const PIECE_COLOURS: readonly string[] = [INK, WHITE_FILL, BLACK_FILL, BLACK_DETAIL, HALO.white, HALO.black];
