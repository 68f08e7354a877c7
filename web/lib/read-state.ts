import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { FeedItem } from "../../contracts/feeds.ts";
import { MAX_READ_LINKS_PER_REQUEST, READ_STATE_LIMITS } from "../../contracts/reading-catalog.ts";
import { toast } from "../components/ui/toast/toast-store.ts";
import { paths } from "../paths.ts";
import { sendJson } from "./api-client.ts";
import { cachedReadState, refetchListsInFlight, updateArticlesEverywhere } from "./article-cache.ts";
import { articleKey } from "./articles.ts";
import { useMe } from "./session.ts";

/*
 * Read state. A member's read articles live on the server (`item.read` in every
 * list) and follow them across devices; a mark shows at once and is sent in the background,
 * and a refused one is taken back. A visitor's live in this browser's local storage, bounded
 * like the server's (90 days, 10,000 links) and shared by every tab.
 */

/** PUT /api/reading/read answers the links as marked (contracts/reading.ts). */
type ReadResult = { links: string[]; read: boolean };
type Readable = Pick<FeedItem, "link" | "id" | "read">;

// ---------------------------------------------------------------------------------------
// Visitors: local storage

export const READ_STORAGE_KEY = "gemwire-read-articles";
const DAY_MS = 86_400_000;

/** Stored as [link, time read (ms)] pairs, oldest first. */
type Entry = [string, number];
type VisitorState = { raw: string | null; entries: Entry[]; links: ReadonlySet<string> };

const visitorListeners = new Set<() => void>();
let visitor: VisitorState = { raw: null, entries: [], links: new Set() };

/** Drops what is past the limits: older than 90 days, or beyond the newest 10,000. */
function bounded(entries: Entry[], now: number): Entry[] {
  const oldest = now - READ_STATE_LIMITS.days * DAY_MS;
  const fresh = entries.filter(([, at]) => at >= oldest);
  return fresh.slice(-READ_STATE_LIMITS.entries);
}

function parse(raw: string | null): Entry[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    // Anything malformed (an older format, a hand edit) is left out rather than breaking the lists.
    const entries = parsed.filter(
      (entry): entry is Entry =>
        Array.isArray(entry) &&
        typeof entry[0] === "string" &&
        entry[0] !== "" &&
        typeof entry[1] === "number" &&
        Number.isFinite(entry[1]),
    );
    return bounded(
      entries.sort((a, b) => a[1] - b[1]),
      Date.now(),
    );
  } catch {
    return [];
  }
}

function readVisitor(): VisitorState {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(READ_STORAGE_KEY);
  } catch {
    // Storage blocked: marks last for this page.
    return visitor;
  }
  if (raw === visitor.raw) return visitor;
  const entries = parse(raw);
  visitor = { raw, entries, links: new Set(entries.map(([link]) => link)) };
  return visitor;
}

function writeVisitor(entries: Entry[]) {
  const raw = JSON.stringify(entries);
  visitor = { raw, entries, links: new Set(entries.map(([link]) => link)) };
  try {
    window.localStorage.setItem(READ_STORAGE_KEY, raw);
  } catch {
    // Full or blocked: kept in memory for this page.
  }
  for (const listener of visitorListeners) listener();
}

/** Marks a visitor's articles (by link) read or unread in this browser. */
export function markVisitorLinks(links: readonly string[], read: boolean, now = Date.now()) {
  const changing = new Set(links);
  const kept = readVisitor().entries.filter(([link]) => !changing.has(link));
  const added: Entry[] = read ? [...changing].map((link) => [link, now]) : [];
  writeVisitor(bounded([...kept, ...added], now));
}

function subscribeVisitor(listener: () => void) {
  visitorListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === READ_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    visitorListeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

// ---------------------------------------------------------------------------------------
// Members: the server, with marks on the way shown first

/** What the member last asked for per link while requests are on the way. */
const pendingMarks = new Map<string, { read: boolean; pending: number }>();
let marksVersion = 0;
const markListeners = new Set<() => void>();

function marksChanged() {
  marksVersion++;
  for (const listener of markListeners) listener();
}

function subscribeMarks(listener: () => void) {
  markListeners.add(listener);
  return () => markListeners.delete(listener);
}

/** Requests go one at a time, in the order they were made, so the last mark wins on the server. */
let queue: Promise<unknown> = Promise.resolve();

/** The server refuses anything but an http(s) link of at most 2048 characters. */
const storable = (link: string) => /^https?:\/\//i.test(link) && link.length <= 2048;

function settle(links: readonly string[]) {
  for (const link of links) {
    const mark = pendingMarks.get(link);
    if (mark && --mark.pending <= 0) pendingMarks.delete(link);
  }
  marksChanged();
}

/** Sends a member's marks, at most MAX_READ_LINKS_PER_REQUEST links a request. */
export function markMemberLinks(client: QueryClient, links: readonly string[], read: boolean): Promise<void> {
  const unique = [...new Set(links.filter(storable))];
  if (unique.length === 0) return Promise.resolve();
  for (const link of unique) pendingMarks.set(link, { read, pending: (pendingMarks.get(link)?.pending ?? 0) + 1 });
  marksChanged();
  const batches: string[][] = [];
  for (let start = 0; start < unique.length; start += MAX_READ_LINKS_PER_REQUEST)
    batches.push(unique.slice(start, start + MAX_READ_LINKS_PER_REQUEST));
  const sent = batches.map((batch) => {
    const request = queue.then(() => sendJson<ReadResult>("PUT", paths.api.readState, { links: batch, read }));
    queue = request.catch(() => undefined);
    return request.then(
      () => {
        // The lists now hold the server's truth; the pending mark can go. A list fetch that
        // began before the server took the mark is fetched again rather than undo it.
        void refetchListsInFlight(client);
        updateArticlesEverywhere(client, new Set(batch), (item) => ({ ...item, read }));
        settle(batch);
      },
      (error: Error) => {
        // The lists were never changed: dropping the pending mark puts the card back as it was.
        settle(batch);
        return error;
      },
    );
  });
  return Promise.all(sent).then((outcomes) => {
    const failed = outcomes.filter((outcome): outcome is Error => outcome instanceof Error);
    if (failed.length === 0) return;
    const refused = failed.length === batches.length ? unique.length : null;
    const what = refused === 1 ? "Article" : refused === null ? "Some articles" : `${refused} articles`;
    toast({
      title: `${what} not marked as ${read ? "read" : "unread"}`,
      description: failed[0]?.message,
      variant: "destructive",
    });
  });
}

// ---------------------------------------------------------------------------------------
// The hook every list uses

export type ReadState = {
  member: boolean;
  isRead: (item: Readable) => boolean;
  /** Marks these articles read or unread (those already so are left alone). */
  mark: (items: readonly Readable[], read: boolean) => void;
  toggle: (item: Readable) => void;
};

export function useReadState(): ReadState {
  const client = useQueryClient();
  const member = (useMe().data?.user ?? null) !== null;
  const local = useSyncExternalStore(subscribeVisitor, readVisitor);
  useSyncExternalStore(subscribeMarks, () => marksVersion);

  const isRead = (item: Readable) =>
    member ? (pendingMarks.get(item.link)?.read ?? item.read) : local.links.has(articleKey(item));
  /**
   * The latest state, not the copy this render drew: a shortcut can act on a card between a
   * mark's answer and the render that shows it.
   */
  const readNow = (items: readonly Readable[]): ((item: Readable) => boolean) => {
    if (!member) {
      const links = readVisitor().links;
      return (item) => links.has(articleKey(item));
    }
    const cached = items.length > 0 ? cachedReadState(client) : new Map<string, boolean>();
    return (item) => pendingMarks.get(item.link)?.read ?? cached.get(item.link) ?? item.read;
  };
  const mark = (items: readonly Readable[], read: boolean) => {
    const isReadNow = readNow(items);
    const changing = items.filter((item) => isReadNow(item) !== read);
    if (changing.length === 0) return;
    if (member)
      void markMemberLinks(
        client,
        changing.map((item) => item.link),
        read,
      );
    else markVisitorLinks(changing.map(articleKey), read);
  };
  return { member, isRead, mark, toggle: (item) => mark([item], !readNow([item])(item)) };
}
