// The package's browser entry ('bigboard'): the engine API, its wasm module
// and search worker the files beside this script (browser-platform.ts).
import { browserPlatform } from './browser-platform';
import { setPlatform } from './platform';

setPlatform(browserPlatform);

export * from './api';
