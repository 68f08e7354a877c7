import { afterEach, describe, expect, it, vi } from "vitest";
import { HIGHLIGHT, highlight, LOOK_AGAIN } from "./highlight.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** An element marked for a step, laid out on screen (happy-dom lays nothing out). */
function target(name: string): HTMLElement {
  const element = document.createElement("section");
  element.dataset.tour = name;
  vi.spyOn(element, "getBoundingClientRect").mockReturnValue({
    x: 20,
    y: 100,
    left: 20,
    top: 100,
    right: 420,
    bottom: 300,
    width: 400,
    height: 200,
    toJSON: () => ({}),
  });
  return element;
}

describe("the tour's highlight", () => {
  it("rings an element that appears a little after the step opens (a feed still loading)", () => {
    vi.useFakeTimers();
    const stop = highlight("news");
    vi.advanceTimersByTime(LOOK_AGAIN.everyMs * 2);
    const late = target("news");
    document.body.append(late);
    expect(late.hasAttribute(HIGHLIGHT)).toBe(false);
    vi.advanceTimersByTime(LOOK_AGAIN.everyMs);
    expect(late.hasAttribute(HIGHLIGHT)).toBe(true);
    stop();
    expect(late.hasAttribute(HIGHLIGHT)).toBe(false);
  });

  it("stops looking when the step closes, and gives up after a few seconds", () => {
    vi.useFakeTimers();
    highlight("news")();
    const afterClose = target("news");
    document.body.append(afterClose);
    vi.advanceTimersByTime(LOOK_AGAIN.everyMs * 3);
    expect(afterClose.hasAttribute(HIGHLIGHT)).toBe(false);

    afterClose.remove();
    highlight("news");
    vi.advanceTimersByTime(LOOK_AGAIN.everyMs * (LOOK_AGAIN.times + 1));
    const tooLate = target("news");
    document.body.append(tooLate);
    vi.advanceTimersByTime(LOOK_AGAIN.everyMs * 3);
    expect(tooLate.hasAttribute(HIGHLIGHT)).toBe(false);
  });
});
