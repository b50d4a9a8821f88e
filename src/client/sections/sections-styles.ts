// The sections editor's look, installed by its chunk: each block outlined,
// its toolbar dark like the edit bar (the same button size, focus ring and
// icon-plus-label buttons), shown while the block is hovered or holds the
// focus, so it never covers the page for a reader who is not editing it.
export const SECTIONS_CSS = `
[data-cms-sections]>[data-cms-block]{position:relative;outline:1px dashed #a1a1aa;outline-offset:4px}
[data-cms-sections]>[data-cms-block]:hover,[data-cms-sections]>[data-cms-block]:focus-within{outline:2px solid #6366f1}
.louise-block-bar,.louise-picker,.louise-link-box{z-index:2147482000;display:flex;flex-wrap:wrap;gap:.25rem;align-items:center;padding:.3rem;background:#18181b;color:#fafafa;border-radius:4px;box-shadow:0 2px 8px #0006;font:13px/1.3 system-ui,sans-serif;text-align:left}
.louise-block-bar{position:absolute;top:-.9rem;right:.5rem}
[data-cms-block]:not(:hover):not(:focus-within)>.louise-block-bar{opacity:0}
.louise-block-bar button,.louise-picker button,.louise-sections-end button{display:inline-flex;gap:.3rem;align-items:center;font:inherit;font-size:13px;padding:.25rem .55rem;border:1px solid #a1a1aa;border-radius:4px;background:#27272a;color:#fafafa;cursor:pointer}
.louise-block-bar button:hover,.louise-picker button:hover,.louise-sections-end button:hover{background:#3f3f46}
.louise-block-bar button:focus-visible,.louise-picker button:focus-visible,.louise-sections-end button:focus-visible,.louise-link-box input:focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
.louise-drag{display:flex;padding:0 .3rem;cursor:grab}
.louise-block-bar .lb-icon,.louise-sections-end .lb-icon{display:flex}
.louise-picker{position:absolute;top:100%;right:0;flex-direction:column;align-items:stretch;min-width:12rem;margin-top:.25rem}
.louise-picker p{margin:.1rem .3rem .3rem;font-weight:600}
.louise-sections-end{position:relative;display:flex;justify-content:center;padding:.75rem 0}
.louise-sections-end .louise-picker{top:auto;right:auto;bottom:100%;left:50%;transform:translateX(-50%)}
.louise-block-pending{opacity:.6;outline:2px dashed #6366f1!important}
.louise-dragging{opacity:.4}
.louise-link-box{position:fixed;gap:.4rem;padding:.35rem .5rem}
.louise-link-box[hidden]{display:none}
.louise-link-box input{width:18rem;max-width:60vw;font:13px ui-monospace,monospace;padding:.2rem .4rem;border:1px solid #a1a1aa;border-radius:3px;background:#fff;color:#18181b}
#louise-bar .lb-undo{display:flex;gap:.5rem;align-items:center}
`;
