import type { ReadingPreferences } from "../../../contracts/reading.ts";
import { READ_STATE_LIMITS } from "../../../contracts/reading-catalog.ts";
import type { Database } from "../../db/database.ts";
import { markRead, markUnread, type ReadLimits, saveShowEveryArticle, showsEveryArticle } from "./repository.ts";

/**
 * Marks article links read (or unread again) for a member. The same request
 * twice changes nothing more; each link counts once however often it is sent. Marking
 * read keeps the member's newest READ_STATE_LIMITS entries of its last days.
 */
export async function setReadState(
  database: Database,
  userId: string,
  request: { links: string[]; read: boolean },
  now = Date.now(),
  limits: ReadLimits = READ_STATE_LIMITS,
): Promise<{ links: string[]; read: boolean }> {
  const links = [...new Set(request.links)];
  if (request.read) await markRead(database, userId, links, now, limits);
  else await markUnread(database, userId, links);
  return { links, read: request.read };
}

export async function getReadingPreferences(database: Database, userId: string): Promise<ReadingPreferences> {
  return { showEveryArticle: await showsEveryArticle(database, userId) };
}

export async function setReadingPreferences(
  database: Database,
  userId: string,
  preferences: ReadingPreferences,
  now = Date.now(),
): Promise<ReadingPreferences> {
  await saveShowEveryArticle(database, userId, preferences.showEveryArticle, now);
  return { showEveryArticle: preferences.showEveryArticle };
}
