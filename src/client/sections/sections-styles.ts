// The sections editor's look, installed by its chunk: each block outlined,
// its toolbar dark like the edit bar (the same button size, focus ring and
// icon-plus-label buttons; icons only on a phone, the words as their names
// and tooltips), shown while the block is hovered or holds the focus, so it
// never covers the page for a reader who is not editing it. A round "+" on
// each block's lower edge adds a block there; a line shows where a dragged
// block will land.
export const SECTIONS_CSS = `
[data-cms-sections]>[data-cms-block]{position:relative;outline:1px dashed #a1a1aa;outline-offset:4px}
[data-cms-sections]>[data-cms-block]:hover,[data-cms-sections]>[data-cms-block]:focus-within{outline:2px solid #6366f1}
.louise-block-bar,.louise-link-box{z-index:2147482000;display:flex;flex-wrap:wrap;gap:.25rem;align-items:center;padding:.3rem;background:#18181b;color:#fafafa;border-radius:6px;box-shadow:0 2px 8px #0006;font:13px/1.3 system-ui,sans-serif;text-align:left}
.louise-block-bar{position:absolute;top:-.9rem;right:.5rem}
[data-cms-block]:not(:hover):not(:focus-within)>.louise-block-bar{opacity:0}
.louise-block-bar button,.louise-sections-end button,.louise-insert{display:inline-flex;gap:.3rem;align-items:center;justify-content:center;font:inherit;font-size:13px;padding:.25rem .55rem;border:1px solid #a1a1aa;border-radius:6px;background:#27272a;color:#fafafa;cursor:pointer}
.louise-block-bar button:hover,.louise-sections-end button:hover,.louise-insert:hover{background:#3f3f46}
.louise-block-bar button[aria-disabled=true]{opacity:.45;cursor:not-allowed;background:#27272a}
.louise-block-bar button:focus-visible,.louise-sections-end button:focus-visible,.louise-insert:focus-visible,.louise-link-box input:focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
.louise-block-bar .louise-icon,.louise-sections-end .louise-icon{font-size:15px}
.louise-drag{display:flex;padding:0 .3rem;cursor:grab;font-size:16px}
.louise-insert{position:absolute;z-index:2147482001;left:50%;bottom:0;transform:translate(-50%,50%);width:1.75rem;height:1.75rem;padding:0;border-radius:50%;font-size:16px;box-shadow:0 1px 4px #0006}
.louise-insert[hidden]{display:none}
[data-cms-block]:not(:hover):not(:focus-within)>.louise-insert{opacity:.35}
.louise-sections-end{position:relative;display:flex;justify-content:center;padding:.75rem 0;font:13px/1.3 system-ui,sans-serif}
.louise-block-pending{opacity:.6;outline:2px dashed #6366f1!important}
.louise-dragging{opacity:.4}
.louise-drop-line{position:fixed;z-index:2147482500;height:4px;margin-top:-2px;background:#6366f1;border-radius:2px;box-shadow:0 0 0 1px #fff;pointer-events:none}
.louise-drop-line[hidden]{display:none}
.louise-link-box{position:fixed;gap:.4rem;padding:.35rem .5rem}
.louise-link-box[hidden]{display:none}
.louise-link-box input{width:18rem;max-width:60vw;font:13px ui-monospace,monospace;padding:.2rem .4rem;border:1px solid #a1a1aa;border-radius:3px;background:#fff;color:#18181b}
#louise-bar .lb-undo{display:flex;gap:.5rem;align-items:center}
@media (pointer:coarse){.louise-drag{display:none}[data-cms-block]>.louise-insert{opacity:1!important}}
@media (max-width:599px){
.louise-block-bar .louise-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.louise-block-bar button,.louise-sections-end button{min-width:2.25rem;min-height:2.25rem;padding:.25rem}
.louise-sections-end button{padding:.25rem .75rem}
.louise-insert{width:2.25rem;height:2.25rem}
}
`;
