// The package's Node entry ('bigboard' under Node): the engine API, its
// wasm module read with fs and its searches in worker_threads Workers
// (node-platform.ts).
import { nodePlatform } from './node-platform';
import { setPlatform } from './platform';

setPlatform(nodePlatform);

export * from './api';
