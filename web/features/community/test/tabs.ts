import type { BrowserParts, TabChannel, TabLocks } from "../shared-notification-stream.ts";
import { FakeEventSource } from "./event-source.ts";

/*
 * Stand-ins for what lets the tabs of one browser share a stream: its Web Locks (one
 * holder at a time, the others waiting in line) and its BroadcastChannels (a message
 * reaches every other channel of the same name, a moment later, as a copy).
 */

type Waiting = {
  callback: (lock: Lock | null) => unknown;
  resolve: (value: never) => void;
  reject: (e: unknown) => void;
};

const later = () => Promise.resolve();

export class FakeLocks implements TabLocks {
  private holder: Waiting | null = null;
  private line: Waiting[] = [];

  request<T>(name: string, options: LockOptions, callback: (lock: Lock | null) => T): Promise<Awaited<T>> {
    return new Promise<Awaited<T>>((resolve, reject) => {
      const entry: Waiting = { callback, resolve: resolve as (value: never) => void, reject };
      if (options.ifAvailable && (this.holder || this.line.length > 0)) {
        later()
          .then(() => callback(null))
          .then(resolve as (value: unknown) => void, reject);
        return;
      }
      if (options.signal?.aborted) return reject(new DOMException("aborted", "AbortError"));
      options.signal?.addEventListener("abort", () => {
        if (!this.line.includes(entry)) return;
        this.line = this.line.filter((other) => other !== entry);
        reject(new DOMException("aborted", "AbortError"));
      });
      this.line.push(entry);
      this.grant(name);
    });
  }

  /** Whether any tab holds the lock. */
  get held() {
    return this.holder !== null;
  }

  private grant(name: string) {
    if (this.holder) return;
    const next = this.line.shift();
    if (!next) return;
    this.holder = next;
    later()
      .then(() => next.callback({ name, mode: "exclusive" }))
      .then(next.resolve as (value: unknown) => void, next.reject)
      .finally(() => {
        this.holder = null;
        this.grant(name);
      });
  }
}

export class FakeChannelHub {
  private channels = new Set<FakeChannel>();
  open = (name: string): TabChannel => new FakeChannel(name, this.channels);
}

class FakeChannel implements TabChannel {
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(
    readonly name: string,
    private readonly all: Set<FakeChannel>,
  ) {
    all.add(this);
  }

  postMessage(message: unknown) {
    for (const other of this.all) {
      if (other === this || other.name !== this.name) continue;
      const data = structuredClone(message);
      void later().then(() => other.onmessage?.(new MessageEvent("message", { data })));
    }
  }

  close() {
    this.all.delete(this);
  }
}

/** One browser whose tabs can share a stream: the same locks and channels for each, fake EventSources. */
export function fakeBrowser(): BrowserParts & { locks: FakeLocks } {
  return { locks: new FakeLocks(), channel: new FakeChannelHub().open, create: (url) => new FakeEventSource(url) };
}

/** Lets the pending lock grants and channel messages happen. */
export async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
