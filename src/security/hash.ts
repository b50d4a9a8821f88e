// sha256Hex lives in the one crypto module (crypto.ts); this path stays while
// the areas that import it (media, forms, the integration's search view, the
// CLI) move in #30, and goes when they import crypto.ts.
export { sha256Hex } from './crypto.ts';
