// The live session's look, installed by its chunk: a locked field outlined in
// its holder's colour (`--louise-holder`, set per element by realtime-locks.ts)
// with a label naming them floating above it (fixed, outside the page's flow),
// dark like the edit bar so it reads on any colour;
// and the bar's presence element in the bar's own spacing and type (styles.ts).
export const REALTIME_CSS = `
[data-cms-field][data-cms-locked]{outline:2px solid var(--louise-holder,#a855f7);outline-offset:2px;cursor:not-allowed}
.louise-holder{position:fixed;z-index:2147482000;pointer-events:none;padding:0 .4em;border-left:4px solid var(--louise-holder,#a855f7);border-radius:3px;background:#18181b;color:#fafafa;font:600 12px/1.6 system-ui,sans-serif;white-space:nowrap}
[data-cms-field][data-cms-locked]:focus-visible{outline:3px solid #fbbf24;outline-offset:2px}
#louise-bar .lb-live,#louise-bar .lb-peers,#louise-bar .lb-peers ul{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0;padding:0}
#louise-bar .lb-live{gap:0;margin:0 0 .35rem}
#louise-bar .lb-live [hidden],#louise-bar .lb-live[hidden]{display:none}
#louise-bar .lb-peers ul{list-style:none}
#louise-bar .lb-peers li{display:flex;gap:.3rem;align-items:center;margin:0}
#louise-bar .lb-dot{width:.65rem;height:.65rem;border-radius:50%;box-shadow:0 0 0 1px #fafafa}
#louise-bar .lb-offline{margin:0;color:#fde68a}
#louise-bar .lb-peers:not([hidden])+.lb-offline:not(:empty){margin-left:.75rem}
`;
