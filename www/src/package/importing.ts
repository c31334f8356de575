// The package's importers (docs/npm-package.md, docs/importing.md): a
// Fairy-Stockfish variants.ini text or an Interactive Diagram block
// converted to bigboard definitions by the import module, each checked by
// the play module. The conversion is the page's own (src/engine/importer.ts);
// each entry point (import.ts, node-import.ts) says where the import
// module is.
import { errorMessage } from '../engine/engine';
import { importVariants as convert, loadImporter, type ImportModuleSource, type ImportResult } from '../engine/importer';
import { init, type WasmSource } from './api';

export type { ImportedVariant, ImportResult } from '../engine/importer';

let packaged: ImportModuleSource | null = null;

/** Sets where the package's own import module is (each entry point does, once). */
export function setImportModule(source: ImportModuleSource): void {
  packaged = source;
}

function packagedModule(): ImportModuleSource {
  if (packaged === null) throw new Error('bigboard: no import module set (import "bigboard/import", not a file inside it)');
  return packaged;
}

/**
 * Loads the import module (and the engine, with `init()`, when it is not
 * loaded yet: the definitions are checked by it). Without `wasm`, the
 * module is the package's own `bigboard_import_bg.wasm` (read with `fs` in
 * Node, fetched beside the script in a browser); give a URL, bytes or a
 * compiled module where a bundler moved the file. `importVariants` calls
 * it by itself: call it first only to give `wasm`, or to load ahead of
 * time. Calling it again does nothing; after a failed load it tries again.
 *
 * @example
 * ```js
 * import { init } from 'bigboard';
 * import { initImport } from 'bigboard/import';
 *
 * await init(new URL('/static/bigboard_bg.wasm', location.href));
 * await initImport(new URL('/static/bigboard_import_bg.wasm', location.href));
 * ```
 */
export async function initImport(wasm?: WasmSource): Promise<void> {
  await init();
  try {
    await loadImporter(wasm === undefined ? packagedModule() : () => wasm);
  } catch (e) {
    throw new Error(`bigboard: ${errorMessage(e)}`);
  }
}

/**
 * Converts a Fairy-Stockfish `variants.ini` text (every section of it) or
 * an Interactive Diagram's settings block to bigboard definitions (TOML),
 * as `bigboard import` does on the command line: the text's `format`
 * (`'fsf'` when it has a `[section]` line, else `'diagram'`), the
 * definitions made (`{ id, toml }` each, each loaded by the engine, so
 * `new Board(id, { definition: toml })` plays it), and a text for each
 * section or line that does not convert, naming its key and the reason
 * (`[tictactoe] line 511: connectN: '3': connecting men in a line: no such
 * rule in bigboard`). Loads the import module and the engine first when
 * they are not loaded (`initImport`). Rejects with the reason when the
 * text is in neither format, or when a module cannot be loaded.
 *
 * @example
 * ```js
 * import { readFileSync } from 'node:fs';
 * import { Board } from 'bigboard';
 * import { importVariants } from 'bigboard/import';
 *
 * const { variants, refusals } = await importVariants(readFileSync('variants.ini', 'utf8'));
 * for (const why of refusals) console.log('not converted:', why);
 * const { id, toml } = variants[0];
 * const board = new Board(id, { definition: toml });
 * console.log(board.legalMoves().map((m) => m.san));
 * ```
 */
export async function importVariants(text: string): Promise<ImportResult> {
  await initImport();
  return convert(text, packagedModule());
}
