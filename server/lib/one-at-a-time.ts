/**
 * Lets one task run at a time, the others waiting in the order they came. A waiter whose
 * signal aborts leaves the queue at once with the signal's reason, and never runs.
 */
export class OneAtATime {
  #busy = false;
  readonly #waiting: Array<() => void> = [];

  /** Tasks waiting for their turn (not counting the one running). */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#turn(signal);
    try {
      return await task();
    } finally {
      this.#next();
    }
  }

  #turn(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(wake), 1);
        reject(signal?.reason);
      };
      this.#waiting.push(wake);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Hands the turn straight to the next waiter, so no newcomer can slip in between. */
  #next(): void {
    const wake = this.#waiting.shift();
    if (wake) wake();
    else this.#busy = false;
  }
}
