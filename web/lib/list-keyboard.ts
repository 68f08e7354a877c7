import { useEffect, useSyncExternalStore } from "react";
import { type NavigateFunction, useNavigate } from "react-router";
import { paths } from "../paths.ts";
import { forgetCurrent, type ListEntry, type ListPage, onListKey } from "./list-keys.ts";

/*
 * The list shortcuts (READING_SHORTCUTS): j/k move a "current article" through
 * every article shown on the page, top to bottom and, within a row, left to right (the
 * page's own order: on the dashboard the first section's row, then the next section's…);
 * o or Enter open it in the reader view, v the original in a new tab, s favorites it,
 * m toggles read, u/d vote, / opens the search and ? the list of shortcuts.
 *
 * An article on a list is an element marked `data-reading-article` (focusable, tabIndex -1)
 * whose actions are registered with `listEntryRef`. Keys are ignored with Ctrl, Meta or Alt,
 * while typing (inputs, text areas, selects, editable text) and while a dialog is open.
 *
 * This file is what every list needs (the articles, the requests, the listener); what the
 * keys do is in list-keys.ts.
 */

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
// The keys: answered by list-keys.ts

const TYPING = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";
const DIALOG = "dialog[open], [role='dialog'], [role='alertdialog']";

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (target as HTMLElement).isContentEditable || target.closest(TYPING) !== null;
}

/** Whether a key press may be a shortcut at all: not while typing, with a modifier, or in a dialog. */
function forTheList(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false;
  return !isTyping(event.target) && document.querySelector(DIALOG) === null;
}

/** What list-keys.ts acts on; navigate is the latest list's. */
function listPage(navigate: NavigateFunction): ListPage {
  return {
    entrySelector: `[${ENTRY_ATTRIBUTE}]`,
    entryOf: (element) => entries.get(element),
    askForHelp: () => request({ help: true }),
    askForSearch: () => request({ searches: requests.searches + 1 }),
    openInReader: (link) => navigate(paths.reader(link)),
    forTheList,
  };
}

// One listener for the page however many lists it shows; the latest list's navigate is used.
let mounted = 0;
let latestNavigate: NavigateFunction | null = null;
const listener = (event: KeyboardEvent) => {
  if (latestNavigate) onListKey(event, listPage(latestNavigate));
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
        forgetCurrent();
      }
    };
  }, []);
}
