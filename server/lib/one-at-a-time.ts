/**
 * Lets one task run at a time, the others waiting in the order they came, except that
 * a task run with `runFirst` goes ahead of every waiter that came without it. A waiter
 * whose signal aborts leaves the queue at once with the signal's reason, and never runs.
 */
export class OneAtATime {
  #busy = false;
  readonly #waiting: Array<{ wake: () => void; first: boolean }> = [];

  /** Tasks waiting for their turn (not counting the one running). */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.#run(task, false, signal);
  }

  /** Runs `task` before every waiter that came by `run` (after those that came by `runFirst` before it). */
  async runFirst<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.#run(task, true, signal);
  }

  async #run<T>(task: () => Promise<T>, first: boolean, signal?: AbortSignal): Promise<T> {
    await this.#turn(first, signal);
    try {
      return await task();
    } finally {
      this.#next();
    }
  }

  #turn(first: boolean, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        first,
        wake: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        reject(signal?.reason);
      };
      const behind = first ? this.#waiting.findIndex((other) => !other.first) : -1;
      this.#waiting.splice(behind < 0 ? this.#waiting.length : behind, 0, waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Hands the turn straight to the next waiter, so no newcomer can slip in between. */
  #next(): void {
    const waiter = this.#waiting.shift();
    if (waiter) waiter.wake();
    else this.#busy = false;
  }
}
