/**
 * Runs `pass` now and then every `everyMs`, one pass at a time (a tick while a pass is
 * under way is skipped). A failed pass goes to `onError`, never out of the timer.
 * `stop` ends the ticking and waits for the pass under way.
 */
export function repeatEvery(pass: () => Promise<unknown>, everyMs: number, onError: (error: Error) => void) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = pass()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
