// The media panel's own styles, in its chunk, on top of the shared panel
// styles (panel-styles.ts).
export const MEDIA_CSS = `
#louise-media{width:min(64rem,calc(100vw - 2rem))}
#louise-media.lm-dropping{outline:3px dashed #fbbf24;outline-offset:-6px}
#louise-media .lm-tools{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:flex-end;margin-bottom:.75rem}
#louise-media .lm-upload{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
#louise-media .lm-drop-hint{color:#d4d4d8;font-size:13px}
#louise-media .lm-uploads{margin:0 0 .5rem;padding:0;list-style:none}
#louise-media .lm-uploads li{display:flex;gap:.5rem;align-items:center;margin:.25rem 0}
#louise-media progress{flex:0 0 10rem;accent-color:#fbbf24}
#louise-media .lm-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:.75rem;margin:0;padding:0;list-style:none}
#louise-media .lm-group{display:flex;flex-direction:column;gap:.4rem;height:100%;padding:.5rem;border:1px solid #52525b;border-radius:4px;background:#27272a}
#louise-media .lm-thumb{display:flex;align-items:center;justify-content:center;height:8rem;border-radius:3px;background:#3f3f46;overflow:hidden}
#louise-media .lm-thumb img{max-width:100%;max-height:100%;object-fit:contain}
#louise-media .lm-badge{padding:.2rem .7rem;border:1px solid #d4d4d8;border-radius:999px;font-weight:600}
#louise-media .lm-name{font-weight:600;overflow-wrap:anywhere}
#louise-media .lm-hint{color:#fde68a;font-size:13px}
#louise-media .lm-warn ul{margin:.25rem 0;padding-left:1.25rem}
#louise-media .lm-current{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start;margin-bottom:1rem;padding:.75rem;border:1px solid #52525b;border-radius:4px}
#louise-media .lm-current img{width:10rem;height:7rem;object-fit:contain;background:#3f3f46}
#louise-media .lm-current input{width:min(28rem,70vw)}
#louise-media .lm-current .lm-facts{margin:.25rem 0 .5rem}
`;
