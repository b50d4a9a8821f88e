// Cloudflare's reading of `assets.run_worker_first` (workers-shared), for the
// tests that check the rules Louise writes: the unit tests of
// worker-routing.ts and the adoption test's built Worker.

/** Whether Cloudflare runs the Worker before the static assets for `path`: a `/` rule matches (`*` is anything) and no `!/` rule does. */
export function runsWorkerFirst(rules: readonly string[], path: string): boolean {
  const matches = (rule: string) =>
    new RegExp(
      `^${rule
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(path);
  return rules.some((rule) => rule.startsWith('/') && matches(rule)) && !rules.some((rule) => rule.startsWith('!/') && matches(rule.slice(1)));
}
