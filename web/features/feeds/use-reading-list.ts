import type { FeedItem } from "../../../contracts/feeds.ts";
import { type Fold, foldByStory } from "../../../contracts/reading-catalog.ts";
import { useListKeyboard } from "../../lib/list-keyboard.ts";
import { type ReadState, useReadState } from "../../lib/read-state.ts";
import { useShowEveryArticle } from "../../lib/reading-preferences.ts";
import { useStoredFlag } from "../../lib/stored-flag.ts";

/** 'Hide read' is remembered per list, in this browser. */
export const hideReadFlag = (list: string) => `hide-read:${list}`;

export type ReadingList = {
  readState: ReadState;
  /** What the list shows: each story once under its earliest article, or every article alone. */
  folds: Fold<FeedItem>[];
  unreadCount: number;
  markAllRead: () => void;
  hideRead: boolean;
  toggleHideRead: () => void;
  /** False on lists that never fold (favorites). */
  folding: boolean;
  showEvery: boolean;
  setShowEvery: (on: boolean) => void;
};

/**
 * What an article list adds to the articles it would show (after its source
 * filter and hidden articles): read state, 'Hide read', the unread count and 'Mark all as
 * read' over the whole loaded list, folding of each story's articles, and the shortcuts.
 */
export function useReadingList(list: string, items: readonly FeedItem[], { fold = true } = {}): ReadingList {
  const readState = useReadState();
  const { showEvery, setShowEvery } = useShowEveryArticle();
  const [hideRead, setHideRead] = useStoredFlag(hideReadFlag(list));
  useListKeyboard();
  const unread = items.filter((item) => !readState.isRead(item));
  const shown = hideRead ? unread : items;
  return {
    readState,
    folds: fold && !showEvery ? foldByStory(shown) : shown.map((lead) => ({ lead, more: [] })),
    unreadCount: unread.length,
    markAllRead: () => readState.mark(items, true),
    hideRead,
    toggleHideRead: () => setHideRead(!hideRead),
    folding: fold,
    showEvery,
    setShowEvery,
  };
}
