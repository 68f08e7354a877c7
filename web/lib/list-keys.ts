/*
 * What the list shortcuts do (see list-keyboard.ts for the keys and the rules). What they
 * act on comes in as `ListPage`, so this file imports nothing at run time.
 */

/** What the keys act on, from list-keyboard.ts. */
/** One article of the list on screen, with what the keys do to it. */
export type ListEntry = {
  link: string;
  favorite: () => void;
  vote: (direction: "up" | "down") => void;
  toggleRead: () => void;
  markRead: () => void;
};

export type ListPage = {
  entrySelector: string;
  entryOf: (element: Element) => ListEntry | undefined;
  askForHelp: () => void;
  askForSearch: () => void;
  openInReader: (link: string) => void;
  /** Whether a key press may be a shortcut at all: not while typing, with a modifier, or in a dialog. */
  forTheList: (event: KeyboardEvent) => boolean;
};

/** The articles the reader can see, in the page's order (a fold's closed articles are not). */
function shownEntries(page: ListPage): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(page.entrySelector)).filter(
    (element) => element.closest("[hidden], [inert]") === null,
  );
}

let current: HTMLElement | null = null;
/** Where the current article stood, for when it leaves the list (read under 'Hide read'). */
let currentIndex = -1;

/** The lists left the page: the next one starts from its top. */
export function forgetCurrent() {
  current = null;
  currentIndex = -1;
}

function currentEntry(page: ListPage, shown: HTMLElement[]): HTMLElement | null {
  const focused = document.activeElement?.closest<HTMLElement>(page.entrySelector) ?? null;
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

function move(page: ListPage, step: 1 | -1) {
  const shown = shownEntries(page);
  if (shown.length === 0) return;
  const at = currentEntry(page, shown);
  let index: number;
  if (at) index = shown.indexOf(at) + step;
  else if (currentIndex >= 0) index = step === 1 ? currentIndex : currentIndex - 1;
  else index = 0;
  index = Math.max(0, Math.min(shown.length - 1, index));
  moveTo(shown[index] as HTMLElement, index);
}

const opensInReader = (link: string) => /^https?:\/\//i.test(link);

/** Answers one key press on a page that shows a list. */
export function onListKey(event: KeyboardEvent, page: ListPage) {
  if (!page.forTheList(event)) return;
  const key = event.key;
  if (key === "j" || key === "k") {
    event.preventDefault();
    move(page, key === "j" ? 1 : -1);
    return;
  }
  if (key === "/") {
    event.preventDefault();
    page.askForSearch();
    return;
  }
  if (key === "?") {
    event.preventDefault();
    page.askForHelp();
    return;
  }
  const shown = shownEntries(page);
  const element = currentEntry(page, shown);
  const entry = element ? page.entryOf(element) : undefined;
  if (!element || !entry) return;
  // Enter on a card's button or link is that control's; on the article itself it opens it.
  if (key === "Enter" && event.target !== element) return;
  switch (key) {
    case "o":
    case "Enter":
      if (!opensInReader(entry.link)) return;
      entry.markRead();
      page.openInReader(entry.link);
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
