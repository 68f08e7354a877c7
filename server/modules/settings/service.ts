import type { FeedKey } from "../../../contracts/feeds.ts";
import { type FeedSettings, feedSettingsForDegen, normaliseFeedChoice } from "../../../contracts/settings.ts";
import type { Database } from "../../db/database.ts";

function parseKeys(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((key): key is string => typeof key === "string") : [];
  } catch {
    return [];
  }
}

/** A member's settings; the defaults (degen off) until they change something. */
export async function getSettings({ db }: Database, userId: string): Promise<FeedSettings> {
  const [settings, feeds] = await Promise.all([
    db.selectFrom("user_settings").select("degen_mode").where("user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("user_feed_settings")
      .select(["enabled_feeds", "feed_order"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
  ]);
  const degenMode = settings?.degen_mode === 1;
  if (!feeds) return feedSettingsForDegen(degenMode);
  return { degenMode, ...normaliseFeedChoice(parseKeys(feeds.enabled_feeds), parseKeys(feeds.feed_order)) };
}

async function saveFeeds(
  { db }: Database,
  userId: string,
  choice: { enabledFeeds: FeedKey[]; feedOrder: FeedKey[] },
  now: number,
) {
  const values = {
    enabled_feeds: JSON.stringify(choice.enabledFeeds),
    feed_order: JSON.stringify(choice.feedOrder),
    updated_at: now,
  };
  await db
    .insertInto("user_feed_settings")
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
    .execute();
}

/** Toggling degen mode also resets the feed choice to that mode's feeds and order. */
export async function setDegenMode(
  database: Database,
  userId: string,
  degenMode: boolean,
  now = Date.now(),
): Promise<FeedSettings> {
  const settings = feedSettingsForDegen(degenMode);
  await database.db.transaction().execute(async (trx) => {
    const values = { degen_mode: degenMode ? 1 : 0, updated_at: now };
    await trx
      .insertInto("user_settings")
      .values({ user_id: userId, ...values })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
      .execute();
    await saveFeeds({ ...database, db: trx }, userId, settings, now);
  });
  return settings;
}

/** Saves which feeds are enabled (bitcoin always is) and, optionally, their order. */
export async function setFeedChoice(
  database: Database,
  userId: string,
  choice: { enabledFeeds: string[]; feedOrder?: string[] },
  now = Date.now(),
): Promise<FeedSettings> {
  const current = await getSettings(database, userId);
  const next = normaliseFeedChoice(choice.enabledFeeds, choice.feedOrder ?? current.feedOrder);
  await saveFeeds(database, userId, next, now);
  return { degenMode: current.degenMode, ...next };
}
