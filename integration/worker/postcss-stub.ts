// Stands in for `postcss` in the site's Worker bundle (see serverStubs in
// vite-plugins.ts). sanitize-html loads postcss only to parse `style`
// attributes it was told to keep (`allowedStyles`); Louise's sanitizers
// allow no `style` attribute anywhere, so this never runs, and the Worker is
// about 230 KB of source lighter (postcss + source-map-js).

const MESSAGE =
  'louise: postcss is not bundled into the Worker. sanitize-html reached it because a sanitizer option allows `style` attributes; ' +
  'Louise never does. Remove the style allowance, or sanitize outside the Worker.';

function unavailable(): never {
  // sanitize-html catches errors from the parser and drops the attribute, so say it out loud too.
  console.error(MESSAGE);
  throw new Error(MESSAGE);
}

export const parse = unavailable;
export default { parse: unavailable };
