import { useEffect, useSyncExternalStore } from "react";
import { type NavigateFunction, useNavigate } from "react-router";
import { paths } from "../paths.ts";

/*
 * Issue 17, the list shortcuts (READING_SHORTCUTS): j/k move a "current article" through
 * every article shown on the page, top to bottom and, within a row, left to right (the
 * page's own order: on the dashboard the first section's row, then the next section's…);
 * o or Enter open it in the reader view, v the original in a new tab, s favorites it,
 * m toggles read, u/d vote, / opens the search and ? the list of shortcuts.
 *
 * An article on a list is an element marked `data-reading-article` (focusable, tabIndex -1)
 * whose actions are registered with `listEntryRef`. Keys are ignored with Ctrl, Meta or Alt,
 * while typing (inputs, text areas, selects, editable text) and while a dialog is open.
 */

export type ListEntry = {
  link: string;
  favorite: () => void;
  vote: (direction: "up" | "down") => void;
  toggleRead: () => void;
  markRead: () => void;
};

export const ENTRY_ATTRIBUTE = "data-reading-article";
const entries = new WeakMap<Element, ListEntry>();

/** A ref that makes an element an article of the list, with its actions. */
export function listEntryRef(entry: ListEntry) {
  return (element: HTMLElement | null) => {
    if (element) entries.set(element, entry);
  };
}

// ---------------------------------------------------------------------------------------
// What the page shows in answer: the shortcuts help and the site search

type Requests = { help: boolean; searches: number };
let requests: Requests = { help: false, searches: 0 };
const requestListeners = new Set<() => void>();

function request(change: Partial<Requests>) {
  requests = { ...requests, ...change };
  for (const listener of requestListeners) listener();
}

export const closeShortcutsHelp = () => request({ help: false });

function subscribeRequests(listener: () => void) {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** Whether '?' asked for the shortcuts, and how many times '/' asked for the search. */
export function useListRequests(): Requests {
  return useSyncExternalStore(subscribeRequests, () => requests);
}

// ---------------------------------------------------------------------------------------
// The keys

const TYPING = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";
const DIALOG = "dialog[open], [role='dialog'], [role='alertdialog']";

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (target as HTMLElement).isContentEditable || target.closest(TYPING) !== null;
}

/** The articles the reader can see, in the page's order (a fold's closed articles are not). */
function shownEntries(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(`[${ENTRY_ATTRIBUTE}]`)).filter(
    (element) => element.closest("[hidden], [inert]") === null,
  );
}

let current: HTMLElement | null = null;
/** Where the current article stood, for when it leaves the list (read under 'Hide read'). */
let currentIndex = -1;

function currentEntry(shown: HTMLElement[]): HTMLElement | null {
  const focused = document.activeElement?.closest<HTMLElement>(`[${ENTRY_ATTRIBUTE}]`) ?? null;
  if (focused && shown.includes(focused)) return focused;
  if (current && shown.includes(current)) return current;
  return null;
}

function moveTo(element: HTMLElement, index: number) {
  current = element;
  currentIndex = index;
  element.focus({ preventScroll: true });
  // Nearest: a row scrolls sideways only as far as the card needs, the page likewise.
  element.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}

function move(step: 1 | -1) {
  const shown = shownEntries();
  if (shown.length === 0) return;
  const at = currentEntry(shown);
  let index: number;
  if (at) index = shown.indexOf(at) + step;
  else if (currentIndex >= 0) index = step === 1 ? currentIndex : currentIndex - 1;
  else index = 0;
  index = Math.max(0, Math.min(shown.length - 1, index));
  moveTo(shown[index] as HTMLElement, index);
}

const opensInReader = (link: string) => /^https?:\/\//i.test(link);

function onKeyDown(event: KeyboardEvent, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (isTyping(event.target) || document.querySelector(DIALOG)) return;
  const key = event.key;
  if (key === "j" || key === "k") {
    event.preventDefault();
    move(key === "j" ? 1 : -1);
    return;
  }
  if (key === "/") {
    event.preventDefault();
    request({ searches: requests.searches + 1 });
    return;
  }
  if (key === "?") {
    event.preventDefault();
    request({ help: true });
    return;
  }
  const shown = shownEntries();
  const element = currentEntry(shown);
  const entry = element ? entries.get(element) : undefined;
  if (!element || !entry) return;
  // Enter on a card's button or link is that control's; on the article itself it opens it.
  if (key === "Enter" && event.target !== element) return;
  switch (key) {
    case "o":
    case "Enter":
      if (!opensInReader(entry.link)) return;
      entry.markRead();
      navigate(paths.reader(entry.link));
      break;
    case "v":
      if (!opensInReader(entry.link)) return;
      entry.markRead();
      window.open(entry.link, "_blank", "noopener,noreferrer");
      break;
    case "s":
      entry.favorite();
      break;
    case "m":
      entry.toggleRead();
      break;
    case "u":
      entry.vote("up");
      break;
    case "d":
      entry.vote("down");
      break;
    default:
      return;
  }
  event.preventDefault();
}

// One listener for the page however many lists it shows; the latest list's navigate is used.
let mounted = 0;
let latestNavigate: NavigateFunction | null = null;
const listener = (event: KeyboardEvent) => {
  if (latestNavigate) onKeyDown(event, latestNavigate);
};

/** Turns the shortcuts on while a list is on the page. */
export function useListKeyboard() {
  const navigate = useNavigate();
  useEffect(() => {
    latestNavigate = navigate;
  }, [navigate]);
  useEffect(() => {
    if (mounted++ === 0) document.addEventListener("keydown", listener);
    return () => {
      if (--mounted === 0) {
        document.removeEventListener("keydown", listener);
        current = null;
        currentIndex = -1;
      }
    };
  }, []);
}
