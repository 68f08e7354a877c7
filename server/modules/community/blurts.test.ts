import { beforeAll, describe, expect, it } from "vitest";
import { blurtFilters, blurtSorts } from "../../../contracts/community-catalog.ts";
import type { UserPredictionsTable } from "../../db/schema.ts";
import { joinAsMember } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

type Status = UserPredictionsTable["status"];
type Seed = { kind: "comment" | "prediction"; id: string; at: number; status?: Status; by?: number };

const T = Date.UTC(2026, 10, 20, 12);
const MIN = 60_000;

/*
 * A timeline with every awkward case: a comment and predictions of one millisecond, won and
 * lost predictions among newer comments, a void one, active ones, and a member who left.
 */
const seeds: Seed[] = [
  { kind: "comment", id: "c-newest", at: T + 10 * MIN },
  { kind: "prediction", id: "p-active-new", at: T + 9 * MIN, status: "active" },
  { kind: "prediction", id: "p-lost-new", at: T + 8 * MIN, status: "lost" },
  { kind: "comment", id: "c-same-a", at: T + 7 * MIN },
  { kind: "prediction", id: "p-same-won", at: T + 7 * MIN, status: "won" },
  { kind: "comment", id: "c-same-b", at: T + 7 * MIN },
  // Ids of one millisecond whose order differs between byte order and en-US collation.
  { kind: "comment", id: "Zb", at: T + 7 * MIN },
  { kind: "comment", id: "_x", at: T + 7 * MIN },
  { kind: "comment", id: "Ba", at: T + 7 * MIN },
  { kind: "comment", id: "-q", at: T + 7 * MIN },
  { kind: "prediction", id: "p-void", at: T + 6 * MIN, status: "void" },
  { kind: "prediction", id: "p-won-old", at: T + 5 * MIN, status: "won" },
  { kind: "comment", id: "c-gone", at: T + 4 * MIN, by: 2 },
  { kind: "prediction", id: "p-gone", at: T + 4 * MIN, status: "won", by: 2 },
  { kind: "prediction", id: "p-lost-old", at: T + 3 * MIN, status: "lost" },
  { kind: "comment", id: "c-old", at: T + 2 * MIN, by: 1 },
  { kind: "prediction", id: "p-active-old", at: T + MIN, status: "active", by: 1 },
];

/** The timeline's rules written out plainly, to compare the paged, merged queries with. */
function expected(filter: string, sort: string): string[] {
  const shown = seeds.filter((seed) => {
    if (seed.by === 2) return false;
    if (filter === "comments") return seed.kind === "comment";
    if (filter === "predictions") return seed.kind === "prediction";
    if (filter === "active") return seed.kind === "prediction" && seed.status === "active";
    if (filter === "completed") return seed.kind === "prediction" && seed.status !== "active";
    return true;
  });
  const first = sort === "winning" ? "won" : sort === "losing" ? "lost" : null;
  const part = (seed: Seed) => (first && seed.status === first ? 0 : 1);
  return shown
    .sort(
      (a, b) =>
        part(a) - part(b) ||
        b.at - a.at ||
        (a.kind === b.kind ? 0 : a.kind === "prediction" ? -1 : 1) ||
        (a.id < b.id ? 1 : -1),
    )
    .map((seed) => seed.id);
}

describe.each(testDatabaseTargets())("Blurts timeline on $dialect", (target) => {
  const setup = useTestApp(target);
  let firstHandle = "";

  beforeAll(async () => {
    const members = [
      await joinAsMember(setup.app, setup.database),
      await joinAsMember(setup.app, setup.database),
      await joinAsMember(setup.app, setup.database),
    ];
    firstHandle = (members[0] as { handle: string }).handle;
    const { db } = setup.database;
    for (const seed of seeds) {
      const userId = (members[seed.by ?? 0] as { id: string }).id;
      if (seed.kind === "comment") {
        await db
          .insertInto("user_interactions")
          .values({
            id: seed.id,
            user_id: userId,
            content_id: "https://news.example/a",
            content_title: "An article",
            interaction_type: "comment",
            content: `comment ${seed.id}`,
            created_at: seed.at,
            edited_at: null,
          })
          .execute();
        continue;
      }
      const done = seed.status !== "active";
      await db
        .insertInto("user_predictions")
        .values({
          id: seed.id,
          user_id: userId,
          token: "BTC",
          direction: "up",
          percentage: 150,
          time_frame: "1m",
          wager: 100,
          status: seed.status ?? "active",
          created_at: seed.at,
          completed_at: done ? seed.at + MIN : null,
          ends_at: seed.at + MIN,
          entry_usd: 64_000,
          entry_source: "prices.example",
          entry_at: seed.at,
          exit_usd: done ? 65_000 : null,
          exit_source: done ? "prices.example" : null,
          exit_at: done ? seed.at + MIN : null,
          payout: seed.status === "won" ? 101 : seed.status === "void" ? 100 : null,
          note: null,
        })
        .execute();
    }
    // The third member asks for their account to be deleted: their entries leave the timeline.
    await db
      .updateTable("users")
      .set({ deleted_at: T })
      .where("id", "=", (members[2] as { id: string }).id)
      .execute();
    // Seeds marked by: 2 were written by the member who left.
    for (const seed of seeds.filter((s) => s.by === 2)) {
      const table = seed.kind === "comment" ? "user_interactions" : "user_predictions";
      await db
        .updateTable(table)
        .set({ user_id: (members[2] as { id: string }).id })
        .where("id", "=", seed.id)
        .execute();
    }
  });

  const get = (query: string) => setup.app.inject({ method: "GET", url: `/api/blurts?${query}` });
  const idsOf = (body: { blurts: Array<{ kind: string; comment?: { id: string }; prediction?: { id: string } }> }) =>
    body.blurts.map((blurt) => (blurt.kind === "comment" ? blurt.comment?.id : blurt.prediction?.id));

  it("shows comments and predictions newest first, with who wrote them and the full prediction record", async () => {
    const response = await get("");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(idsOf(body)).toEqual(expected("all", "newest"));
    expect(body.blurts[0]).toMatchObject({
      kind: "comment",
      comment: { id: "c-newest", contentId: "https://news.example/a", contentTitle: "An article", handle: firstHandle },
    });
    const lost = body.blurts.find((b: { prediction?: { id: string } }) => b.prediction?.id === "p-lost-new");
    expect(lost.prediction).toMatchObject({
      token: "BTC",
      direction: "up",
      percentage: 1.5,
      timeFrame: "1m",
      wager: 100,
      status: "lost",
      exit: { usd: 65_000 },
    });
  });

  it.each(blurtFilters.flatMap((filter) => blurtSorts.map((sort) => [filter, sort] as const)))(
    "filter=%s sort=%s: the timeline's order, the same however the pages are cut",
    async (filter, sort) => {
      const want = expected(filter, sort);
      const whole = (await get(`filter=${filter}&sort=${sort}&limit=50`)).json();
      expect(idsOf(whole)).toEqual(want);
      expect(whole.next).toBeNull();
      for (const limit of [1, 2, 3]) {
        const seen: string[] = [];
        let before: string | null = null;
        for (let pages = 0; pages < 20; pages++) {
          const page: Parameters<typeof idsOf>[0] & { next: string | null } = (
            await get(
              `filter=${filter}&sort=${sort}&limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`,
            )
          ).json();
          seen.push(...(idsOf(page) as string[]));
          before = page.next;
          if (!before) break;
        }
        expect(seen, `limit ${limit}`).toEqual(want);
      }
    },
  );

  it("puts won predictions first for Winning and lost ones first for Losing, then the rest newest first", async () => {
    expect(idsOf((await get("sort=winning&limit=4")).json())).toEqual([
      "p-same-won",
      "p-won-old",
      "c-newest",
      "p-active-new",
    ]);
    expect(idsOf((await get("sort=losing&limit=4")).json())).toEqual([
      "p-lost-new",
      "p-lost-old",
      "c-newest",
      "p-active-new",
    ]);
  });

  it("orders entries of one millisecond prediction first, then by id, and leaves out members who left", async () => {
    const ids = idsOf((await get("limit=50")).json());
    expect(ids.slice(ids.indexOf("p-same-won"), ids.indexOf("p-same-won") + 3)).toEqual([
      "p-same-won",
      "c-same-b",
      "c-same-a",
    ]);
    expect(ids).not.toContain("c-gone");
    expect(ids).not.toContain("p-gone");
  });

  it("refuses an unknown filter, sort or cursor with a clear 400", async () => {
    for (const query of ["filter=popular", "sort=oldest", "before=yesterday", "limit=0", "limit=51"]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe("invalid_request");
    }
    expect((await get("before=1.1.x.abc")).json().error.message).toMatch(/before/);
  });
});
