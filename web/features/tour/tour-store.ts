import { useEffect, useSyncExternalStore } from "react";
import { paths } from "../../paths.ts";

/*
 * The welcome tour's state. Small on purpose: the app shell reads it on every page to
 * start the tour on a first visit, while the tour itself loads only when it opens.
 */

/** Set once the tour is skipped or finished; a first visit is one without it. */
export const TUTORIAL_KEY = "hasSeenTutorial";

export type TourState = {
  open: boolean;
  step: number;
  /** Counts the tour's starts, so a restart while it is open begins afresh. */
  run: number;
};

let state: TourState = { open: false, step: 0, run: 0 };
/** Whether this page load already looked for a first visit (it looks once, on a page the tour is for). */
let checked = false;
const listeners = new Set<() => void>();

function set(next: TourState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Whether the tour was seen: false when the key is absent (or says false), null when the
 * browser keeps no storage. Any other value counts as seen, whoever wrote it ("true" or JSON true).
 */
export function readSeen(): boolean | null {
  try {
    const stored = window.localStorage.getItem(TUTORIAL_KEY);
    if (stored === null) return false;
    return !/^\s*"?\s*(false|0|null|undefined)?\s*"?\s*$/i.test(stored);
  } catch {
    return null;
  }
}

function rememberSeen() {
  try {
    window.localStorage.setItem(TUTORIAL_KEY, "true");
  } catch {
    // Private mode or a full quota: the tour may show again on the next visit.
  }
}

/** Starts the tour at its first step (the footer's 'Welcome Tour'). */
export const startTour = () => set({ open: true, step: 0, run: state.run + 1 });
export const showTourStep = (step: number) => set({ ...state, step });
/** Skip or Finish: the tour closes and is not offered again. */
export function endTour() {
  rememberSeen();
  set({ ...state, open: false, step: 0 });
}

export function useTour(): TourState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** The sign-in page and the admin area are not what the tour shows around. */
const isToured = (pathname: string) =>
  pathname !== paths.login && pathname !== paths.admin && !pathname.startsWith(`${paths.admin}/`);

/**
 * The tour starts by itself on a first visit (no hasSeenTutorial). A visit that
 * begins on the sign-in or admin page is offered it on the first page it is for; a browser
 * that keeps no storage is never offered it, as it could not remember the answer.
 */
export function useFirstVisitTour(pathname: string) {
  useEffect(() => {
    if (checked || !isToured(pathname)) return;
    checked = true;
    if (readSeen() === false) startTour();
  }, [pathname]);
}

/** Forgets everything (tests). */
export function resetTour() {
  checked = false;
  set({ open: false, step: 0, run: 0 });
}
