// Other programs' variant formats read into definitions. The converters
// are a wasm module of their own (the crate built with the feature
// import-module, src/wasm/import.rs), loaded the first time a variant is
// pasted, so that the play module stays within its size budget
// (docs/performance.md). That module links no rules: each definition it
// makes is checked here by the play module, as `bigboard import` loads
// the definitions it writes (docs/importing.md). The page and the npm
// package's 'bigboard/import' (src/package/importing.ts) both convert
// through importVariants below, each giving where the module comes from.
import initImport, { importVariant } from 'bigboard-import';
import { compileDefinition } from './engine';

/**
 * The import module (bigboard_import_bg.wasm): its URL (the page's), its
 * bytes (the package's in Node), or the module compiled (the single
 * offline file's).
 */
export type ImportWasm = URL | string | BufferSource | WebAssembly.Module;

/** Where the import module comes from, asked for when it is first needed. */
export type ImportModuleSource = () => ImportWasm | Promise<ImportWasm>;

/** A definition made from a Fairy-Stockfish section or a Diagram block. */
export interface ImportedVariant {
  /** The definition's id (a section's name in lower case, or 'imported-diagram'). */
  readonly id: string;
  /** The definition, TOML; the play module has loaded it. */
  readonly toml: string;
}

/** What a text gave: its format, the definitions made, and what did not convert. */
export interface ImportResult {
  /** 'fsf': a Fairy-Stockfish variants.ini text; 'diagram': an Interactive Diagram's settings block. */
  readonly format: 'fsf' | 'diagram';
  /** The definitions made, in the text's order (a variants.ini's sections; a Diagram block gives one). */
  readonly variants: readonly ImportedVariant[];
  /** Each part that does not convert: its section or line, key and reason; or a definition the play module does not load, with its problems. */
  readonly refusals: readonly string[];
}

let loading: Promise<unknown> | null = null;

/**
 * Loads the import module from `source` unless it is loaded or loading
 * (the first source asked for is the one used); rejects when it cannot be
 * loaded, and the next call tries again.
 */
export async function loadImporter(source: ImportModuleSource): Promise<void> {
  if (loading === null) {
    loading = (async () => initImport({ module_or_path: await source() }))();
    // A failed load (the page offline before the module was kept) may be tried again.
    loading.catch(() => {
      loading = null;
    });
  }
  try {
    await loading;
  } catch (e) {
    throw new Error(`the import module could not be loaded (${e instanceof Error ? e.message : String(e)})`);
  }
}

/**
 * Converts a Fairy-Stockfish variants.ini text (every section) or an
 * Interactive Diagram block, then checks each definition made with the
 * play module (which must be loaded): one it does not load joins the
 * refusals with its problems. Throws when the text is in neither format.
 */
export async function importVariants(text: string, source: ImportModuleSource): Promise<ImportResult> {
  await loadImporter(source);
  const got = importVariant(text) as { format: 'fsf' | 'diagram'; variants: ImportedVariant[]; refusals: string[] };
  const variants: ImportedVariant[] = [];
  const refusals = [...got.refusals];
  for (const v of got.variants) {
    const problems = await compileDefinition(v.toml);
    if (problems.length === 0) variants.push(v);
    else {
      const why = problems.map((p) => (p.at === '' ? p.message : `${p.at}: ${p.message}`)).join('; ');
      refusals.push(`${v.id}: the definition made from it does not load: ${why}`);
    }
  }
  return { format: got.format, variants, refusals };
}
