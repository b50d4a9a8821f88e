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
#louise-bar{position:fixed;inset:auto 0 0 0;z-index:2147483000;box-sizing:border-box;padding:.5rem 1rem;background:#18181b;color:#fafafa;font:14px/1.4 system-ui,sans-serif;box-shadow:0 -2px 8px #0004}
#louise-bar .lb-row{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center}
:root:has(astro-dev-toolbar) #louise-bar{z-index:2000000000;padding-bottom:calc(.5rem + 58px)}
#louise-bar button{display:inline-flex;gap:.4rem;align-items:center;justify-content:center;box-sizing:border-box;min-height:2.25rem;font:inherit;padding:.3rem .5rem;border:1px solid #52525b;border-radius:6px;background:#27272a;color:#fafafa;cursor:pointer;white-space:nowrap}
#louise-bar button:hover{background:#3f3f46}
#louise-bar button .louise-icon{flex:none;width:1.1em;height:1.1em}
#louise-bar button[aria-pressed=true]{background:#3f3f46;border-color:#fbbf24}
#louise-bar button.lb-primary{background:#4f46e5;border-color:#4f46e5;font-weight:600}
#louise-bar button.lb-primary:hover{background:#4338ca}
#louise-bar button.lb-primary[aria-disabled=true]{background:#27272a;border-color:#3f3f46;color:#a1a1aa;font-weight:400;cursor:not-allowed}
#louise-bar button:focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
#louise-bar .lb-pill{display:inline-flex;align-items:center;gap:.45rem;min-width:0;margin:0 auto 0 0;padding:.25rem .75rem;border-radius:999px;background:#27272a;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#louise-bar .lb-pill::before{content:"";flex:none;width:.55rem;height:.55rem;border-radius:50%;background:#a1a1aa}
#louise-bar .lb-pill[data-tone=ok]::before{background:#4ade80}
#louise-bar .lb-pill[data-tone=draft]::before{background:#fbbf24}
#louise-bar .lb-pill[data-tone=offline]::before,#louise-bar .lb-pill[data-tone=problem]::before{background:#f87171}
#louise-bar .lb-pill[data-tone=problem]{white-space:normal;border-radius:6px}
#louise-bar [data-tone=problem]{color:#fecaca;font-weight:600}
#louise-bar .lb-menu{display:flex;flex-direction:column;gap:.25rem;margin:0 0 .5rem auto;padding:.25rem;max-width:16rem;list-style:none;border:1px solid #52525b;border-radius:6px;background:#27272a}
#louise-bar .lb-menu[hidden]{display:none}
#louise-bar .lb-menu li{margin:0}
#louise-bar .lb-menu button{width:100%;justify-content:flex-start;border-color:transparent}
#louise-bar .lb-panel{max-height:40vh;overflow:auto;margin:.5rem 0;padding:.5rem;border:1px solid #52525b;border-radius:6px}
#louise-bar .lb-panel p{margin:.25rem 0}
#louise-bar .lb-notice{border-color:#f59e0b}
#louise-bar .lb-label{display:flex;gap:.5rem;align-items:center}
#louise-bar .lb-icon{display:flex;color:#fbbf24}
#louise-bar ol{margin:.25rem 0;padding-left:1.25rem}
#louise-bar li{margin:.2rem 0}
#louise-bar q{color:#e4e4e7}
#louise-bar kbd{font:11px ui-monospace,monospace;color:#d4d4d8}
@media (max-width:599.98px){#louise-bar{padding:.4rem .5rem}#louise-bar .lb-row{flex-wrap:nowrap;gap:.35rem}#louise-bar kbd{display:none}#louise-bar .lb-pill{flex:0 1 auto;padding:.25rem .55rem}#louise-bar .lb-row:has(>.lb-pill[data-tone=problem]){flex-wrap:wrap}#louise-bar .lb-pill[data-tone=problem]{flex:1 1 100%;box-sizing:border-box}}
[data-cms-field]:hover{outline:1px solid #a5b4fc;outline-offset:2px}
[data-cms-field]:focus,[data-cms-field]:focus-within{outline:2px solid #4f46e5;outline-offset:2px}
.louise-show-areas [data-cms-field]{outline:1px dashed #6366f1;outline-offset:2px}
[data-cms-state=saving],[data-cms-state=dirty]{outline:1px solid #ca8a04;outline-offset:2px}
.louise-cue{position:absolute;top:0;left:0;z-index:2147482999;pointer-events:none;padding:0 .35rem;border-radius:4px;background:#4f46e5;color:#fff;font:600 11px/1.6 system-ui,sans-serif;white-space:nowrap}
.louise-cue[hidden]{display:none}
[data-cms-type=image]{cursor:pointer}
[data-cms-type=image]:not([src]){min-width:8rem;min-height:5rem;background:#e4e4e7}
[data-cms-field][data-cms-readonly]{outline:1px dotted #71717a;cursor:help}
[data-cms-field][data-cms-readonly]:focus-visible{outline:3px solid #fbbf24;outline-offset:2px}
[data-cms-field][data-cms-readonly]:not(img){position:relative}
.louise-readonly-icon{position:absolute;top:-.55em;right:-.45em;width:12px;height:12px;padding:2px;border-radius:50%;background:#18181b;color:#fafafa;pointer-events:none}
[data-cms-state=error],[data-cms-state=conflict],[data-cms-state=locked]{outline:2px solid #dc2626}
.louise-kept{position:relative;margin:.5rem 0;padding:1.25rem .25rem .25rem;outline:1px dashed #a1a1aa;outline-offset:2px;cursor:default}
.louise-kept-inline{display:inline;margin:0;padding:0;outline-offset:0}
.louise-kept-cue{position:absolute;top:0;left:0;font:11px/1.4 system-ui,sans-serif;padding:0 .3rem;background:#f4f4f5;color:#3f3f46;border-radius:0 0 3px 0}
.louise-inline-line{margin:0}
`;
