import type { Database, Db } from "../../db/database.ts";
import { lockMember } from "../../db/lock-member.ts";

const DAY = 86_400_000;

/** How long and how many read links a member keeps (READ_STATE_LIMITS; tests pass smaller ones). */
export type ReadLimits = { days: number; entries: number };

/** Links per query: far below SQLite's and PostgreSQL's limits on bound parameters. */
const LINKS_CHUNK = 500;

/** The first read time still kept at `now`. */
export const keptSince = (now: number, limits: ReadLimits) => now - limits.days * DAY;

/**
 * Which of `links` the member has read, within the kept window: rows past it may
 * linger until the member's next write prunes them, but never count. One query per
 * 500 links, answered from the primary key.
 */
export async function readLinksOf(
  { db }: Db,
  userId: string,
  links: readonly string[],
  since: number,
): Promise<Set<string>> {
  const unique = [...new Set(links.filter(Boolean))];
  const read = new Set<string>();
  for (let start = 0; start < unique.length; start += LINKS_CHUNK) {
    const rows = await db
      .selectFrom("read_articles")
      .select("link")
      .where("user_id", "=", userId)
      .where("link", "in", unique.slice(start, start + LINKS_CHUNK))
      .where("read_at", ">=", since)
      .execute();
    for (const row of rows) read.add(row.link);
  }
  return read;
}

/**
 * Marks links read at `now` (read again, a link moves to the newest), then prunes the
 * member's rows to the limits. One member's writes take turns (lockMember), so the
 * count holds under races; the links go in sorted order, so two requests with the same
 * links never wait on each other crosswise.
 */
export async function markRead(
  database: Database,
  userId: string,
  links: readonly string[],
  now: number,
  limits: ReadLimits,
): Promise<void> {
  const sorted = [...links].sort();
  await database.db.transaction().execute(async (trx) => {
    await lockMember({ db: trx, dialect: database.dialect }, userId);
    await trx
      .insertInto("read_articles")
      .values(sorted.map((link) => ({ user_id: userId, link, read_at: now })))
      .onConflict((conflict) => conflict.columns(["user_id", "link"]).doUpdateSet({ read_at: now }))
      .execute();
    await pruneReadState({ db: trx }, userId, now, limits);
  });
}

/**
 * Keeps a member's newest `entries` read links of the last `days`: two range deletes
 * and one look-up on the (user_id, read_at, link) index, which walks at most `entries`
 * of this member's entries — never another member's rows.
 */
export async function pruneReadState({ db }: Db, userId: string, now: number, limits: ReadLimits): Promise<void> {
  await db
    .deleteFrom("read_articles")
    .where("user_id", "=", userId)
    .where("read_at", "<", keptSince(now, limits))
    .execute();
  // The last entry kept, newest first; ties in time are broken by link.
  const edge = await db
    .selectFrom("read_articles")
    .select(["read_at", "link"])
    .where("user_id", "=", userId)
    .orderBy("read_at", "desc")
    .orderBy("link", "desc")
    .limit(1)
    .offset(limits.entries - 1)
    .executeTakeFirst();
  if (!edge) return;
  await db
    .deleteFrom("read_articles")
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([eb("read_at", "<", edge.read_at), eb.and([eb("read_at", "=", edge.read_at), eb("link", "<", edge.link)])]),
    )
    .execute();
}

/** Marks links unread again; links never read are fine too. */
export async function markUnread({ db }: Db, userId: string, links: readonly string[]) {
  await db.deleteFrom("read_articles").where("user_id", "=", userId).where("link", "in", links).execute();
}

/** The member's reading preference: whether lists show every article (the default: no). */
export async function showsEveryArticle({ db }: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user_settings")
    .select("show_every_article")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.show_every_article === 1;
}

/** Saves the reading preference in the member's settings row, made with the defaults when missing. */
export async function saveShowEveryArticle(
  { db }: Db,
  userId: string,
  showEveryArticle: boolean,
  now: number,
): Promise<void> {
  const values = { show_every_article: showEveryArticle ? 1 : 0, updated_at: now };
  await db
    .insertInto("user_settings")
    .values({ user_id: userId, degen_mode: 0, ...values })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
    .execute();
}
