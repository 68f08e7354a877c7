import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from "./toast-store.ts";

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows one toast at a time, the newest", () => {
    const store = createToastStore();
    store.show({ title: "First" });
    store.show({ title: "Second", variant: "destructive" });
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ title: "Second", variant: "destructive", open: true }),
    ]);
  });

  it("hides a toast after 5 seconds and forgets it after 1,000,000 ms more", () => {
    const store = createToastStore();
    store.show({ title: "Saved" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getSnapshot()[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("lets the user dismiss a toast early and tells subscribers", () => {
    const store = createToastStore();
    const seen: number[] = [];
    store.subscribe((toasts) => seen.push(toasts.filter((t) => t.open).length));
    const id = store.show({ title: "Hello" });
    store.dismiss(id);
    expect(seen).toEqual([1, 0]);
  });

  it("stays open while paused and gets its full time again when resumed", () => {
    const store = createToastStore();
    const id = store.show({ title: "Hover me" });
    vi.advanceTimersByTime(4_000);
    store.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()[0]?.open).toBe(true);
    store.resume(id);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getSnapshot()[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.open).toBe(false);
  });

  it("does not let an old toast's timer close a newer one", () => {
    const store = createToastStore();
    store.show({ title: "Old" });
    vi.advanceTimersByTime(4_000);
    store.show({ title: "New" });
    vi.advanceTimersByTime(1_500);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ title: "New", open: true })]);
  });
});
