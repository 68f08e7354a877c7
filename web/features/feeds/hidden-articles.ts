import { useCallback, useSyncExternalStore } from "react";

/**
 * Hiding: each section keeps its own set of hidden articles (by link) in this
 * browser's local storage, shared by every component and tab showing that section.
 */
export const HIDDEN_STORAGE_KEY = "gemwire-hidden-articles";
/** A section remembers this many hidden links; the oldest are forgotten first. */
export const HIDDEN_PER_SECTION_MAX = 500;

type HiddenSets = Record<string, string[]>;

const listeners = new Set<() => void>();
let cache: { raw: string | null; sets: HiddenSets } = { raw: null, sets: {} };

function read(): HiddenSets {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(HIDDEN_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private windows, policies): hiding then lasts for this page.
    return cache.sets;
  }
  if (raw === cache.raw) return cache.sets;
  let sets: HiddenSets = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      for (const [section, links] of Object.entries(parsed)) {
        if (Array.isArray(links)) sets[section] = links.filter((link): link is string => typeof link === "string");
      }
    }
  } catch {
    sets = {};
  }
  cache = { raw, sets };
  return sets;
}

function write(sets: HiddenSets) {
  const raw = JSON.stringify(sets);
  cache = { raw, sets };
  try {
    window.localStorage.setItem(HIDDEN_STORAGE_KEY, raw);
  } catch {
    // Kept in memory only; see read().
  }
  for (const listener of listeners) listener();
}

/** Hides a shown article or shows a hidden one again. */
export function toggleHidden(section: string, link: string) {
  const sets = read();
  const current = sets[section] ?? [];
  const next = current.includes(link)
    ? current.filter((l) => l !== link)
    : [...current, link].slice(-HIDDEN_PER_SECTION_MAX);
  write({ ...sets, [section]: next });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === HIDDEN_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const EMPTY: readonly string[] = [];

/** The hidden links of one section, and a toggle; re-renders when any tab changes them. */
export function useHiddenArticles(section: string) {
  const links = useSyncExternalStore(subscribe, () => read()[section] ?? EMPTY);
  const toggle = useCallback((link: string) => toggleHidden(section, link), [section]);
  return { hidden: links, isHidden: (link: string) => links.includes(link), toggle };
}
