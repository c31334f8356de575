// The gallery's variants (examples/variants/*.toml), written into the page's
// script when it is built: build.mjs has the engine read each file for the
// menu's name and board size, and keeps its text, so a gallery variant opens
// (from the menu, a saved game or a link) with no file fetched, in the
// single offline file as on a server.
import type { GalleryVariant } from '../engine/types';

declare const BIGBOARD_GALLERY: readonly GalleryVariant[];

/** The gallery, by name; empty in a script built without it. */
export const GALLERY: readonly GalleryVariant[] = typeof BIGBOARD_GALLERY === 'undefined' ? [] : BIGBOARD_GALLERY;
