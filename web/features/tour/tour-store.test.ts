import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endTour, readSeen, resetTour, startTour, TUTORIAL_KEY, useFirstVisitTour, useTour } from "./tour-store.ts";

afterEach(() => {
  act(() => resetTour());
  vi.restoreAllMocks();
});

/** The tour's state as a page at `pathname` sees it, starting it on a first visit. */
function visit(pathname: string) {
  return renderHook(
    ({ path }) => {
      useFirstVisitTour(path);
      return useTour();
    },
    { initialProps: { path: pathname } },
  );
}

const storageFails = () =>
  vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  });

describe("whether the tour was seen", () => {
  it.each([
    [null, false],
    ["true", true],
    ['"true"', true],
    ["1", true],
    ["yes", true],
    ["false", false],
    ['"false"', false],
    ["", false],
    ["null", false],
  ])("stored %j → seen %s", (stored, seen) => {
    if (stored !== null) localStorage.setItem(TUTORIAL_KEY, stored);
    expect(readSeen()).toBe(seen);
  });

  it("is unknown when the browser keeps no storage", () => {
    storageFails();
    expect(readSeen()).toBeNull();
  });
});

describe("the tour on a first visit", () => {
  it("starts at the first step when hasSeenTutorial is absent", () => {
    const { result } = visit("/");
    expect(result.current).toMatchObject({ open: true, step: 0 });
  });

  it("does not start once it was seen", () => {
    localStorage.setItem(TUTORIAL_KEY, "true");
    expect(visit("/").result.current.open).toBe(false);
  });

  it("waits past the sign-in and admin pages, and starts on the first page it is for", () => {
    const { result, rerender } = visit("/login");
    expect(result.current.open).toBe(false);
    rerender({ path: "/admin" });
    expect(result.current.open).toBe(false);
    rerender({ path: "/stories" });
    expect(result.current).toMatchObject({ open: true, step: 0 });
  });

  it("is offered once per visit: closed, it does not come back on the next page", () => {
    const { result, rerender } = visit("/");
    expect(result.current.open).toBe(true);
    // The key cannot be written (a full quota): still, moving on does not reopen it.
    const full = vi.spyOn(window.localStorage, "setItem").mockImplementation(() => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    });
    act(() => endTour());
    full.mockRestore();
    rerender({ path: "/stories" });
    expect(result.current.open).toBe(false);
    expect(localStorage.getItem(TUTORIAL_KEY)).toBeNull();
  });

  it("is never started, and nothing breaks, when the browser keeps no storage", () => {
    storageFails();
    const { result } = visit("/");
    expect(result.current.open).toBe(false);
    // Started by hand it still runs; closing it cannot be remembered, and that is no error.
    act(() => startTour());
    expect(result.current.open).toBe(true);
    act(() => endTour());
    expect(result.current.open).toBe(false);
  });

  it("Skip or Finish remembers it, as 'true'", () => {
    const { result } = visit("/");
    act(() => endTour());
    expect(result.current.open).toBe(false);
    expect(localStorage.getItem(TUTORIAL_KEY)).toBe("true");
  });

  it("restarts at the first step from anywhere", () => {
    localStorage.setItem(TUTORIAL_KEY, "true");
    const { result } = visit("/blog");
    act(() => startTour());
    expect(result.current).toMatchObject({ open: true, step: 0 });
  });
});
