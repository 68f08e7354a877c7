import { useCallback, useSyncExternalStore } from "react";

/*
 * On-or-off choices a visitor's browser remembers (e.g. 'Hide read' on one list), one
 * local-storage key each, shared by every component and tab that shows them.
 */

const PREFIX = "gemwire-flag:";
const listeners = new Set<() => void>();
/** Storage can be blocked (private windows, policies): the choice then lasts for this page. */
const fallback = new Map<string, boolean>();

export const storedFlagKey = (name: string) => `${PREFIX}${name}`;

export function readFlag(name: string): boolean {
  try {
    return window.localStorage.getItem(storedFlagKey(name)) === "1";
  } catch {
    return fallback.get(name) ?? false;
  }
}

export function writeFlag(name: string, on: boolean) {
  fallback.set(name, on);
  try {
    if (on) window.localStorage.setItem(storedFlagKey(name), "1");
    else window.localStorage.removeItem(storedFlagKey(name));
  } catch {
    // Kept in memory only; see readFlag().
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** A remembered flag and its setter; re-renders when any tab changes it. */
export function useStoredFlag(name: string): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, () => readFlag(name));
  const set = useCallback((next: boolean) => writeFlag(name, next), [name]);
  return [on, set];
}
