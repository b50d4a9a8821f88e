// The look every editor panel shares (media, settings, inbox, search): the edit
// bar's colours, spacing and focus ring (styles.ts), scoped to the panels'
// dialogs by id so site styles and these never mix, at the specificity the
// media panel always had. Class names keep the `lm-` prefix the media panel
// started with; each panel adds only its own parts (media-styles.ts, ...).
const P = ':is(#louise-media,#louise-settings,#louise-inbox,#louise-search,#louise-history,#louise-reviews)';

/** The shared panel stylesheet, installed once by the first panel that opens. */
export const PANEL_CSS = `
${P}{box-sizing:border-box;max-height:calc(100vh - 2rem);padding:0;border:1px solid #52525b;border-radius:6px;background:#18181b;color:#fafafa;font:14px/1.4 system-ui,sans-serif;box-shadow:0 8px 32px #000a}
${P}::backdrop{background:#000a}
${P} *{box-sizing:border-box}
${P} header{position:sticky;top:0;z-index:1;display:flex;gap:1rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;border-bottom:1px solid #3f3f46;background:#18181b}
${P} h2{margin:0;font-size:1.15rem}
${P} h3{margin:0 0 .5rem;font-size:1rem}
${P} .lm-body{padding:1rem}
${P} p{margin:0}
${P} .lm-row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
${P} label{display:flex;flex-direction:column;gap:.2rem;margin:.25rem 0;font-weight:600}
${P} :is(input,select,textarea){font:inherit;font-weight:400;padding:.3rem .5rem;border:1px solid #a1a1aa;border-radius:4px;background:#09090b;color:#fafafa}
${P} :is(input,select,textarea,button):disabled{opacity:.6;cursor:not-allowed}
${P} button,${P} .lm-button{font:inherit;padding:.3rem .75rem;border:1px solid #a1a1aa;border-radius:4px;background:#27272a;color:#fafafa;cursor:pointer;text-decoration:none}
${P} button:hover,${P} .lm-button:hover{background:#3f3f46}
${P} .lm-primary{border-color:#a5b4fc;background:#4f46e5}
${P} .lm-primary:hover{background:#4338ca}
${P} :focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
${P} .lm-facts{color:#d4d4d8;font-size:13px}
${P} .lm-status{min-height:1.4em;margin:.5rem 0}
${P} :is([data-tone=problem],.lm-problem){color:#fecaca;font-weight:600}
${P} summary{cursor:pointer}
${P} .lm-warn{padding:.5rem;border:1px solid #f59e0b;border-radius:4px}
${P} .lm-warn p{margin:.25rem 0}
${P} .lm-more{margin-top:.75rem}
`;
