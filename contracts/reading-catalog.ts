/*
 * The rules and texts of reading: folded duplicates, read state, keyboard shortcuts, the
 * reader view, coin tags and members' own feeds, free of zod so the web app can import them
 * (docs/decisions/009). contracts/reading.ts holds the API schemas.
 */

/** A coin's symbol as a tag and a filter (`?coin=SOL`): letters and digits. */
export const COIN_SYMBOL = /^[A-Za-z0-9]{1,12}$/;

/** An article carries at most this many coin tags, most mentioned first. */
export const MAX_COIN_TAGS = 5;

/** A member's read articles are kept this long, and at most this many (the oldest go first). */
export const READ_STATE_LIMITS = { days: 90, entries: 10_000 } as const;

/** Links marked read or unread in one request ('Mark all as read' on a section). */
export const MAX_READ_LINKS_PER_REQUEST = 200;

/** A member follows at most this many feeds of their own. */
export const MAX_MEMBER_FEEDS = 50;

/** A member feed's key: "mf-" and 12 lower-case letters or digits, the same for every follower of one address. */
export const MEMBER_FEED_KEY = /^mf-[a-z0-9]{12}$/;

/** An OPML file imported at once: at most this many bytes. */
export const MAX_OPML_BYTES = 1_000_000;

/** The longest address a member may paste (as every stored link). */
export const MAX_FEED_ADDRESS = 2048;

/** The list shortcuts, in the order the '?' help lists them. */
export const READING_SHORTCUTS = [
  { keys: ["j"], action: "Next article" },
  { keys: ["k"], action: "Previous article" },
  { keys: ["o", "Enter"], action: "Open in the reader view" },
  { keys: ["v"], action: "Open the original in a new tab" },
  { keys: ["s"], action: "Add to or remove from favorites" },
  { keys: ["m"], action: "Mark read or unread" },
  { keys: ["u"], action: "Vote up" },
  { keys: ["d"], action: "Vote down" },
  { keys: ["/"], action: "Search" },
  { keys: ["?"], action: "Show these shortcuts" },
] as const;

/** The least a list needs of an article to fold it. */
export type Foldable = { link: string; pubDate: string; story: string | null };

/** A lead article and the other articles of its story in the same list ("+N more sources"). */
export type Fold<T> = { lead: T; more: T[] };

/**
 * Folds a list so each story appears once: where the story's first article of the list
 * stands, its earliest article leads and the rest follow inside it, earliest first.
 * Articles in no story stand alone. Every article of the list is either a lead or inside
 * exactly one fold, and the list's order of stories is kept.
 */
export function foldByStory<T extends Foldable>(items: readonly T[]): Fold<T>[] {
  const folds: Fold<T>[] = [];
  const byStory = new Map<string, T[]>();
  for (const item of items) {
    if (item.story === null) {
      folds.push({ lead: item, more: [] });
      continue;
    }
    const members = byStory.get(item.story);
    if (members) {
      members.push(item);
      continue;
    }
    const group = [item];
    byStory.set(item.story, group);
    // A placeholder fold, filled in once every member of the story is known.
    folds.push({ lead: item, more: group });
  }
  return folds.map((fold) => {
    if (fold.more.length === 0 || fold.lead.story === null) return fold;
    const members = [...fold.more].sort(earliestFirst);
    const [lead, ...more] = members as [T, ...T[]];
    return { lead, more };
  });
}

/** How a story's articles are ordered: by time, then link (so equal times order the same everywhere). */
export function earliestFirst(a: Foldable, b: Foldable): number {
  return Date.parse(a.pubDate) - Date.parse(b.pubDate) || (a.link < b.link ? -1 : a.link > b.link ? 1 : 0);
}
