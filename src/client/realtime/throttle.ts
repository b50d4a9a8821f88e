/**
 * Runs `run` at most once per `ms`: the first call at once, calls within the
 * window once at its end (so the last one is never lost). Live typing uses it
 * so the others see the text as it is typed without a frame per keystroke.
 *
 * @example
 * const typed = throttle(() => send(field.textContent), 250);
 * field.addEventListener('input', typed);
 */
export function throttle(run: () => void, ms: number): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    run();
  };
  return () => {
    if (timer !== undefined) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) fire();
    else timer = setTimeout(fire, wait);
  };
}
