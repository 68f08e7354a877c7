import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { type Story, storiesSchema } from "../../../contracts/stories.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { testItem } from "../../test/items.ts";
import { upsertArticles } from "../articles/repository.ts";
import * as votes from "../articles/tallies.ts";
import { listStories, RANKING_TTL_MS } from "./answers.ts";
import { DEFAULT_STORIES_WINDOW_MS } from "./service.ts";

const HOUR = 3_600_000;
const now = Date.now();
const TOPICS = [
  "Bitcoin hits record high as spot ETF inflows top $1.2 billion",
  "Solana outage halts block production for four hours",
  "Ethereum developers set a date for the Pectra upgrade on mainnet",
  "SEC delays its decision on spot Ether options until next month",
  "Tether mints another $2 billion USDT on the Tron network",
  "Coinbase reports quarterly revenue jump on higher trading volume",
  "Ripple wins partial ruling in long-running lawsuit with regulators",
];
const OUTLETS = ["chain.example", "block.example", "coin.example", "ledger.example"];
const LONG = `${"Spot bitcoin funds took in more money than on any day since January, ".repeat(12)}and then some.`;

/** Story `t` is told by 2–4 outlets, `t` hours ago and a little after, in the bitcoin or news feed. */
function storyItems(topic: number, feed: "bitcoin" | "news") {
  const outlets = 2 + (topic % 3);
  return Array.from({ length: outlets }, (_, k) =>
    testItem(`${feed}-${topic}-${k}`, topic + 1 - k * 0.1, now, {
      title: TOPICS[topic] as string,
      link: `https://${OUTLETS[k]}/${feed}/${topic}`,
      source: OUTLETS[k] as string,
      description: topic === 0 && k === 0 ? LONG : `About topic ${topic}`,
    }),
  );
}

describe.each(testDatabaseTargets())("GET /api/stories, kept and paged, on $dialect", (target) => {
  const setup = useTestApp(target, {
    seed: async (database) => {
      await upsertArticles(
        database,
        "bitcoin",
        [0, 2, 4, 6].flatMap((t) => storyItems(t, "bitcoin")),
        now,
      );
      await upsertArticles(
        database,
        "news",
        [1, 3, 5].flatMap((t) => storyItems(t, "news")),
        now,
      );
    },
  });

  const get = async (query: string, headers: Record<string, string> = {}) => {
    const response = await setup.app.inject({ method: "GET", url: `/api/stories${query}`, headers });
    return response;
  };
  const page = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode).toBe(200);
    // The answer is sent as kept JSON, past the response serializer: it must still be what the contract says.
    return storiesSchema.parse(response.json());
  };
  const titles = (stories: Story[]) => stories.map((story) => story.title);

  /** Every story of an order, one page of `limit` after another. */
  async function walk(query: string, limit: number) {
    const seen: Story[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const body = await page(`${query}${query ? "&" : "?"}limit=${limit}${next ? `&before=${next}` : ""}`);
      expect(body.stories.length).toBeLessThanOrEqual(limit);
      seen.push(...body.stories);
      next = body.next;
      pages++;
    } while (next && pages < 50);
    return { seen, pages };
  }

  it.each([
    ["ranked", ""],
    ["date", "?sort=date"],
    ["coverage", "?sort=coverage"],
    ["one feed", "?feed=bitcoin"],
  ])("pages through every story %s, each once, in the order of the whole list", async (_, query) => {
    const whole = await page(`${query}${query ? "&" : "?"}limit=200`);
    expect(whole.next).toBeNull();
    const { seen, pages } = await walk(query, 2);
    expect(titles(seen)).toEqual(titles(whole.stories));
    expect(new Set(seen.map((story) => story.id)).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(whole.stories.length / 2));
  });

  it("sends 20 stories by default and says where the next page starts", async () => {
    const body = await page("?sort=date&limit=3");
    expect(body.stories).toHaveLength(3);
    expect(body.next).toMatch(/^\d+_\d+$/);
    expect(titles(body.stories)).toEqual([TOPICS[0], TOPICS[1], TOPICS[2]]);
    expect((await page("")).stories).toHaveLength(TOPICS.length);
  });

  it("refuses a cursor of another order, or one it did not make", async () => {
    const byDate = await page("?sort=date&limit=2");
    const wrong = await get(`?sort=coverage&before=${byDate.next}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/same order/);
    const ranked = await get(`?before=${byDate.next}`);
    expect(ranked.statusCode).toBe(400);
    const garbage = await get("?before=yesterday");
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.message).toMatch(/before must be the `next` value of a previous page/);
  });

  it("cuts long descriptions to 300 characters at a word boundary, and sends no viewer's own vote", async () => {
    const member = await joinAsMember(setup.app, setup.database);
    const response = await setup.app.inject({ method: "GET", url: "/api/stories?sort=date", cookies: member.cookies });
    const [record] = storiesSchema.parse(response.json()).stories;
    const [long, short] = record?.articles ?? [];
    expect(long?.description.length).toBeLessThanOrEqual(300);
    expect(long?.description).toMatch(/\S…$/);
    expect(LONG.startsWith((long?.description ?? "").slice(0, -1))).toBe(true);
    expect(LONG.charAt((long?.description.length ?? 0) - 1)).toBe(" ");
    expect(short?.description).toBe("About topic 0");
    for (const article of record?.articles ?? []) expect(article).not.toHaveProperty("myVote");
  });

  it("keeps the presented answer while nothing changes: no vote counting again, the same ETag, 304", async () => {
    const first = await get("?sort=coverage");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const tally = vi.spyOn(votes, "tallyArticles");
    try {
      const again = await get("?sort=coverage");
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(etag);
      expect((await get("?sort=date")).statusCode).toBe(200);
      expect(tally).not.toHaveBeenCalled();
      const unchanged = await get("?sort=coverage", { "if-none-match": etag });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe("");
      // Another page of the same version is another ETag.
      expect((await get("?sort=coverage&limit=1")).headers.etag).not.toBe(etag);
    } finally {
      tally.mockRestore();
    }
  });

  it("sends the kept page compressed as the client accepts, the same bytes each time", async () => {
    const plain = await get("?sort=date");
    const brotli = await get("?sort=date", { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get("?sort=date", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect((await get("?sort=date", { "accept-encoding": "gzip" })).rawPayload.equals(gzip.rawPayload)).toBe(true);
    const refused = await get("?sort=date", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it("shows a new, edited or removed article in the next answer", async () => {
    const before = await get("?sort=date");
    const tally = vi.spyOn(votes, "tallyArticles");
    try {
      // A third outlet joins the Solana story (news feed, topic 1).
      await upsertArticles(
        setup.database,
        "news",
        [testItem("late", 0.5, now, { title: TOPICS[1], link: "https://late.example/s", source: "late.example" })],
        now,
      );
      const added = await get("?sort=date", { "if-none-match": before.headers.etag as string });
      expect(added.statusCode).toBe(200);
      expect(added.headers.etag).not.toBe(before.headers.etag);
      const solana = () => storiesSchema.parse(added.json()).stories.find((story) => story.title === TOPICS[1]);
      expect(solana()?.articles.map((article) => article.id)).toContain("late");
      expect(tally).toHaveBeenCalledTimes(1);

      // Edited: its title no longer matches the story.
      await upsertArticles(
        setup.database,
        "news",
        [
          testItem("late", 0.5, now, {
            title: "Dogs and cats",
            link: "https://late.example/s",
            source: "late.example",
          }),
        ],
        now + 1,
      );
      const edited = await page("?sort=date");
      const story = edited.stories.find((s) => s.title === TOPICS[1]);
      expect(story?.articles.map((article) => article.id)).not.toContain("late");

      // Removed: a two-article story loses one and is no story any more.
      await setup.database.db.deleteFrom("articles").where("item_id", "=", "bitcoin-6-1").execute();
      expect(titles((await page("?sort=date")).stories)).not.toContain(TOPICS[6]);
    } finally {
      tally.mockRestore();
    }
  });

  it("shows members' votes in the next answer, in the counts and the ranking", async () => {
    const [first, second] = (await page("")).stories;
    expect(second).toBeDefined();
    for (let n = 0; n < 2; n++) {
      const member = await joinAsMember(setup.app, setup.database);
      const vote = await setup.app.inject({
        method: "PUT",
        url: "/api/votes",
        payload: { link: second?.articles[0]?.link, vote: "up" },
        cookies: member.cookies,
      });
      expect(vote.statusCode).toBe(200);
    }
    // log2(1 + 2) lifts the runner-up above the top story, which led by less.
    const after = await page("");
    expect(titles(after.stories).slice(0, 2)).toEqual([second?.title, first?.title]);
    expect(after.stories[0]?.articles[0]?.votes).toEqual({ up: 2, down: 0 });
    // A date-ordered list shows the counts too.
    const byDate = await page("?sort=date&limit=200");
    const voted = byDate.stories.find((story) => story.title === second?.title);
    expect(voted?.articles[0]?.votes.up).toBe(2);
  });

  it("drops a story whose articles aged out of the window, and ranks again once the ranking is a minute old", async () => {
    const windowMs = DEFAULT_STORIES_WINDOW_MS;
    const request = { scope: "gemwire" as const, limit: 200, windowMs };
    const at = async (time: number) =>
      storiesSchema.parse(JSON.parse((await listStories(setup.database, { ...request, now: time })).json.toString()))
        .stories;
    const today = await at(now);
    expect(titles(today)).toContain(TOPICS[5]);
    // 44 hours on, topic 5's articles (6 hours old now) are past the 48-hour window.
    const later = await at(now + 44 * HOUR);
    expect(titles(later)).not.toContain(TOPICS[5]);
    expect(titles(later)).toContain(TOPICS[0]);

    // Within a minute, the ranking is the one made; after, recency is counted again.
    const ranking = (await listStories(setup.database, { ...request, now })).etag;
    expect((await listStories(setup.database, { ...request, now: now + RANKING_TTL_MS - 1 })).etag).toBe(ranking);
    expect((await listStories(setup.database, { ...request, now: now + RANKING_TTL_MS })).etag).not.toBe(ranking);
  });
});
