// bigboard-embed.js: defines <bigboard-game>, whose wasm module and AI
// worker are the files beside this script.
import { defineBigboardGame } from './element';

defineBigboardGame();
