import type { Database } from "../../../db/database.ts";
import { testItem } from "../../../test/items.ts";
import { upsertArticles } from "../../articles/repository.ts";

/** Two unrelated public stories' headline, each told by two built-in feeds' outlets. */
export const MINERS = "Bitcoin miners sell reserves as hashprice falls";
export const STAKERS = "Ethereum stakers move coins as gas fees fall";

/** An article whose link and outlet are on `host`. */
export const storyItem = (now: number, id: string, hoursAgo: number, title: string, host: string) =>
  testItem(id, hoursAgo, now, { title, link: `https://${host}/${id}`, source: host });

/** The built-in feeds' side of the member-story tests: the MINERS and STAKERS stories. */
export async function seedPublicStories(database: Database, now: number): Promise<void> {
  await upsertArticles(database, "bitcoin", [storyItem(now, "m1", 5, MINERS, "one.example")], now);
  await upsertArticles(
    database,
    "news",
    [storyItem(now, "m2", 4, MINERS, "two.example"), storyItem(now, "s1", 3, STAKERS, "three.example")],
    now,
  );
  await upsertArticles(database, "market", [storyItem(now, "s2", 2, STAKERS, "four.example")], now);
}
