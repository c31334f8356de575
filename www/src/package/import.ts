// The package's importers entry for browsers and bundlers
// ('bigboard/import', docs/npm-package.md): the import module is the file
// beside this script (dist/bigboard_import_bg.wasm), as the play module is
// for 'bigboard'. It sets the play module's platform too, so that it works
// whether or not 'bigboard' was imported first.
import { browserPlatform } from './browser-platform';
import { setImportModule } from './importing';
import { setPlatform } from './platform';

setPlatform(browserPlatform);
setImportModule(() => new URL('./bigboard_import_bg.wasm', import.meta.url));

export { importVariants, initImport } from './importing';
export type { ImportedVariant, ImportResult } from './importing';
