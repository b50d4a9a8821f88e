// The media panel's styles, in its chunk: the edit bar's colours, spacing and
// focus ring (styles.ts), scoped to the dialog so site styles and these never mix.
export const MEDIA_CSS = `
#louise-media{box-sizing:border-box;width:min(64rem,calc(100vw - 2rem));max-height:calc(100vh - 2rem);padding:0;border:1px solid #52525b;border-radius:6px;background:#18181b;color:#fafafa;font:14px/1.4 system-ui,sans-serif;box-shadow:0 8px 32px #000a}
#louise-media::backdrop{background:#000a}
#louise-media *{box-sizing:border-box}
#louise-media.lm-dropping{outline:3px dashed #fbbf24;outline-offset:-6px}
#louise-media header{position:sticky;top:0;z-index:1;display:flex;gap:1rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;border-bottom:1px solid #3f3f46;background:#18181b}
#louise-media h2{margin:0;font-size:1.15rem}
#louise-media h3{margin:0 0 .5rem;font-size:1rem}
#louise-media .lm-body{padding:1rem}
#louise-media p{margin:0}
#louise-media .lm-row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
#louise-media .lm-tools{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:flex-end;margin-bottom:.75rem}
#louise-media label{display:flex;flex-direction:column;gap:.2rem;margin:.25rem 0;font-weight:600}
#louise-media input,#louise-media select{font:inherit;font-weight:400;padding:.3rem .5rem;border:1px solid #a1a1aa;border-radius:4px;background:#09090b;color:#fafafa}
#louise-media button{font:inherit;padding:.3rem .75rem;border:1px solid #a1a1aa;border-radius:4px;background:#27272a;color:#fafafa;cursor:pointer}
#louise-media button:hover{background:#3f3f46}
#louise-media .lm-primary{border-color:#a5b4fc;background:#4f46e5}
#louise-media .lm-primary:hover{background:#4338ca}
#louise-media :focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
#louise-media .lm-upload{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
#louise-media .lm-drop-hint,#louise-media .lm-facts{color:#d4d4d8;font-size:13px}
#louise-media .lm-uploads{margin:0 0 .5rem;padding:0;list-style:none}
#louise-media .lm-uploads li{display:flex;gap:.5rem;align-items:center;margin:.25rem 0}
#louise-media progress{flex:0 0 10rem;accent-color:#fbbf24}
#louise-media .lm-status{min-height:1.4em;margin:.5rem 0}
#louise-media [data-tone=problem],#louise-media .lm-problem{color:#fecaca;font-weight:600}
#louise-media .lm-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:.75rem;margin:0;padding:0;list-style:none}
#louise-media .lm-group{display:flex;flex-direction:column;gap:.4rem;height:100%;padding:.5rem;border:1px solid #52525b;border-radius:4px;background:#27272a}
#louise-media .lm-thumb{display:flex;align-items:center;justify-content:center;height:8rem;border-radius:3px;background:#3f3f46;overflow:hidden}
#louise-media .lm-thumb img{max-width:100%;max-height:100%;object-fit:contain}
#louise-media .lm-badge{padding:.2rem .7rem;border:1px solid #d4d4d8;border-radius:999px;font-weight:600}
#louise-media .lm-name{font-weight:600;overflow-wrap:anywhere}
#louise-media .lm-hint{color:#fde68a;font-size:13px}
#louise-media summary{cursor:pointer}
#louise-media .lm-warn{padding:.5rem;border:1px solid #f59e0b;border-radius:4px}
#louise-media .lm-warn ul{margin:.25rem 0;padding-left:1.25rem}
#louise-media .lm-current{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start;margin-bottom:1rem;padding:.75rem;border:1px solid #52525b;border-radius:4px}
#louise-media .lm-current img{width:10rem;height:7rem;object-fit:contain;background:#3f3f46}
#louise-media .lm-current input{width:min(28rem,70vw)}
#louise-media .lm-more{margin-top:.75rem}
`;
