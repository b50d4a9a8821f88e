// Edit-mode styles, injected by mountCms (visitors never get them).
//
// Astro's dev toolbar (`astro dev` only) is fixed to the bottom too, at
// z-index 2000000010, and its pill and hover strip take the bottom 58px
// (16px gap, 40px pill; 42px of hover strip above the 16px that still shows
// when it is hidden). With the toolbar on the page the edit bar goes under it
// and keeps those 58px free, so the pill sits in the bar's lower strip and
// neither covers the other's buttons. `:has()` needs no script and no
// timing: the toolbar may be added before or after the editor mounts.
export const CSS = `
#louise-bar{position:fixed;inset:auto 0 0 0;z-index:2147483000;box-sizing:border-box;max-height:60vh;overflow:auto;padding:.5rem 1rem;background:#18181b;color:#fafafa;font:14px/1.4 system-ui,sans-serif;box-shadow:0 -2px 8px #0004}
#louise-bar .lb-row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
:root:has(astro-dev-toolbar) #louise-bar{z-index:2000000000;padding-bottom:calc(.5rem + 58px)}
#louise-bar button{font:inherit;padding:.3rem .75rem;border:1px solid #a1a1aa;border-radius:4px;background:#27272a;color:#fafafa;cursor:pointer}
#louise-bar button:hover{background:#3f3f46}
#louise-bar button:focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
#louise-bar .lb-status{flex:1 1 16rem;margin:0}
#louise-bar [data-tone=problem]{color:#fecaca;font-weight:600}
#louise-bar .lb-panel{margin:.5rem 0;padding:.5rem;border:1px solid #52525b;border-radius:4px}
#louise-bar .lb-panel p{margin:.25rem 0}
#louise-bar .lb-notice{border-color:#f59e0b}
#louise-bar .lb-label{display:flex;gap:.5rem;align-items:center}
#louise-bar .lb-icon{display:flex;color:#fbbf24}
#louise-bar ol{margin:.25rem 0;padding-left:1.25rem}
#louise-bar li{margin:.2rem 0}
#louise-bar q{color:#e4e4e7}
#louise-bar kbd{margin-left:.4rem;font:12px ui-monospace,monospace;color:#d4d4d8}
[data-cms-field]{outline:1px dashed #6366f1;outline-offset:2px}
[data-cms-field]:focus,[data-cms-field]:focus-within{outline:2px solid #4f46e5}
[data-cms-state=saving],[data-cms-state=dirty]{outline-color:#ca8a04}
[data-cms-type=image]{cursor:pointer}
[data-cms-type=image]:not([src]){min-width:8rem;min-height:5rem;background:#e4e4e7}
[data-cms-field][data-cms-readonly]{outline:1px dotted #71717a}
[data-cms-state=error],[data-cms-state=conflict],[data-cms-state=locked]{outline:2px solid #dc2626}
.louise-kept{position:relative;margin:.5rem 0;padding:1.25rem .25rem .25rem;outline:1px dashed #a1a1aa;outline-offset:2px;cursor:default}
.louise-kept-inline{display:inline;margin:0;padding:0;outline-offset:0}
.louise-kept-cue{position:absolute;top:0;left:0;font:11px/1.4 system-ui,sans-serif;padding:0 .3rem;background:#f4f4f5;color:#3f3f46;border-radius:0 0 3px 0}
.louise-inline-line{margin:0}
`;
