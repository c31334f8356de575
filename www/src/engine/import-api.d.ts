// The JS API that wasm-bindgen generates from src/wasm/import.rs (the crate
// built with the feature import-module, --no-typescript); the bundler maps
// 'bigboard-import' to pkg/bigboard_import.js.
import type { InitOptions } from './wasm-api';

export default function init(options?: InitOptions): Promise<unknown>;

/** `{format, variants: [{id, toml}], refusals: [text]}`; throws when the text is in neither format. */
export function importVariant(text: string): unknown;
