import { vi } from "vitest";
import type { StreamSource } from "../notification-stream.ts";

/** A stand-in for the browser's EventSource that a test drives by hand. */
export class FakeEventSource implements StreamSource {
  static made: FakeEventSource[] = [];
  static latest(): FakeEventSource {
    const source = FakeEventSource.made.at(-1);
    if (!source) throw new Error("no EventSource was opened");
    return source;
  }

  readyState = 0;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  private emit(type: string, data = "", lastEventId = "") {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data, lastEventId }));
    }
  }

  open() {
    this.readyState = 1;
    this.emit("open");
  }

  send(type: string, data: unknown, id = "") {
    this.emit(type, typeof data === "string" ? data : JSON.stringify(data), id);
  }

  /** A dropped connection the browser will retry by itself (CONNECTING) or has given up on (CLOSED). */
  fail(givenUp: boolean) {
    this.readyState = givenUp ? 2 : 0;
    this.emit("error");
  }
}

/** Lets `ms` pass (fake timers) while the newest stream pings every 25 s, as the server does. */
export async function passWithPings(ms: number) {
  for (let left = ms; left > 0; left -= 25_000) {
    await vi.advanceTimersByTimeAsync(Math.min(25_000, left));
    FakeEventSource.latest().send("ping", {});
  }
}
