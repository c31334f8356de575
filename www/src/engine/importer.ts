// Other programs' variant formats read into definitions. The converters
// are a wasm module of their own (the crate built with the feature
// import-module, src/wasm/import.rs), loaded the first time a variant is
// pasted, so that the play module stays within its size budget
// (docs/performance.md). That module links no rules: each definition it
// makes is checked here by the play module, as `bigboard import` loads
// the definitions it writes (docs/importing.md).
import initImport, { importVariant } from 'bigboard-import';
import { compileDefinition } from './engine';

/** Where the import module comes from: its URL, or (in the single offline file) the module compiled. */
export type ImportModuleSource = () => URL | Promise<WebAssembly.Module>;

/** A definition made from a pasted text. */
export interface ImportedVariant {
  /** The definition's id (a section's name in lower case, or 'imported-diagram'). */
  readonly id: string;
  /** The definition, TOML; the play module has loaded it. */
  readonly toml: string;
}

/** What a pasted text gave. */
export interface ImportResult {
  /** 'fsf': a Fairy-Stockfish variants.ini text; 'diagram': an Interactive Diagram's settings block. */
  readonly format: 'fsf' | 'diagram';
  readonly variants: readonly ImportedVariant[];
  /** Each part that does not convert: its section or line, key and reason. */
  readonly refusals: readonly string[];
}

let loading: Promise<unknown> | null = null;

async function loadImporter(source: ImportModuleSource): Promise<void> {
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
 * Converts a pasted Fairy-Stockfish variants.ini text (every section) or
 * Interactive Diagram block, then checks each definition made with the
 * play module: one it does not load joins the refusals with its problems.
 * Throws when the text is in neither format.
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
