// The package's importers entry in Node ('bigboard/import' under the node
// condition): the import module is read from the package with fs
// (dist/bigboard_import_bg.wasm). It sets the play module's platform too,
// so that it works whether or not 'bigboard' was imported first.
import { readFile } from 'node:fs/promises';
import { setImportModule } from './importing';
import { nodePlatform } from './node-platform';
import { setPlatform } from './platform';

setPlatform(nodePlatform);
setImportModule(() => readFile(new URL('./bigboard_import_bg.wasm', import.meta.url)));

export { importVariants, initImport } from './importing';
export type { ImportedVariant, ImportResult } from './importing';
