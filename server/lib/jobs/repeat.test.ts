import { afterEach, describe, expect, it, vi } from "vitest";
import { repeatEvery } from "./repeat.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("repeatEvery", () => {
  it("runs at once and then each period, never two passes at a time", async () => {
    vi.useFakeTimers();
    let passes = 0;
    let finish: () => void = () => {};
    const repeating = repeatEvery(
      () => {
        passes++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      1_000,
      () => {},
    );
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(passes).toBe(1); // the first pass is still under way
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(2);
    finish();
    await repeating.stop();
  });

  it("hands a failed pass to onError and keeps going", async () => {
    vi.useFakeTimers();
    const errors: string[] = [];
    let passes = 0;
    const repeating = repeatEvery(
      async () => {
        passes++;
        throw new Error(`pass ${passes} failed`);
      },
      1_000,
      (error) => errors.push(error.message),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toEqual(["pass 1 failed", "pass 2 failed"]);
    await repeating.stop();
  });

  it("stop waits for the pass under way and ends the ticking", async () => {
    vi.useFakeTimers();
    let passes = 0;
    let finished = false;
    const repeating = repeatEvery(
      async () => {
        passes++;
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
      1_000,
      () => {},
    );
    const stopped = repeating.stop();
    await vi.advanceTimersByTimeAsync(500);
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(1);
  });
});
