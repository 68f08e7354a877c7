/**
 * Fault: the disk fills while Gemwire runs, at the driver.
 *
 * A full disk must fail only the write: 507 with a sentence a member can read, reads go
 * on, and everything stored before is still there. On both databases the driver is made
 * to fail writes as a full disk does (SQLite's SQLITE_FULL, PostgreSQL's disk_full), and
 * as a read-only one does (503).
 * The same on a real full disk: data-dir-full-tmpfs.test.ts.
 */
import { describe, expect, it } from "vitest";
import { STORAGE_FULL_MESSAGE, STORAGE_READ_ONLY_MESSAGE } from "../../server/data-dir.ts";
import { upsertArticles } from "../../server/modules/articles/repository.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { useTestApp } from "../../server/test/app.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { testItem } from "../../server/test/items.ts";
import { acknowledgedWrites, expectBankHolds, expectNothingLost } from "../acknowledged.ts";
import { injected } from "../tally.ts";
import { freshDir } from "./data-dir-launch.ts";
import { storageSwitch } from "./data-dir-storage-switch.ts";

describe.each(testDatabaseTargets())("Fault: the disk fills while Gemwire runs ($dialect, at the driver)", (target) => {
  let disk: ReturnType<typeof storageSwitch>;
  const link = (n: number) => `https://news.example/full-${n}`;
  const setup = useTestApp(target, () => ({
    env: { DATA_DIR: freshDir(`running-${target.dialect}`) },
    seed: (database) => {
      const now = Date.now();
      return upsertArticles(
        database,
        "bitcoin",
        [1, 2, 3].map((n) => testItem(`full-${n}`, n, now)),
        now,
      );
    },
    // The app writes through a switch that makes the driver fail as a full or read-only disk does.
    wrap: (database) => {
      disk = storageSwitch(database);
      return disk.database;
    },
  }));

  it("a write answers 507 (full) or 503 (read-only) in words a member can read; reads go on; nothing stored is lost; writes work again", async ({
    task,
  }) => {
    const acknowledged = acknowledgedWrites();
    const member = await joinAsMember(setup.app, setup.database);
    const as = { cookies: member.cookies };
    const comment = await setup.app.inject({
      method: "POST",
      url: "/api/comments",
      payload: { contentId: link(1), content: "Written before the disk filled" },
      ...as,
    });
    expect(comment.statusCode, comment.body).toBe(201);
    acknowledged.comment(comment.json().id);
    expect(
      (await setup.app.inject({ method: "PUT", url: "/api/votes", payload: { link: link(1), vote: "up" }, ...as }))
        .statusCode,
    ).toBe(200);
    acknowledged.vote(member.id, link(1), "up");
    expect(
      (await setup.app.inject({ method: "PUT", url: "/api/favorites", payload: { link: link(1) }, ...as })).statusCode,
    ).toBe(200);
    acknowledged.favorite(member.id, link(1));

    const refused = [
      { method: "POST", url: "/api/comments", payload: { contentId: link(2), content: "No room for this" } },
      { method: "PUT", url: "/api/votes", payload: { link: link(2), vote: "down" } },
      { method: "PUT", url: "/api/favorites", payload: { link: link(2) } },
      { method: "PUT", url: "/api/votes", payload: { link: link(1), vote: "down" } },
      { method: "DELETE", url: `/api/favorites?link=${encodeURIComponent(link(1))}` },
    ] as const;
    const answers = {
      full: { status: 507, message: STORAGE_FULL_MESSAGE },
      "read-only": { status: 503, message: STORAGE_READ_ONLY_MESSAGE },
    } as const;
    for (const state of ["full", "read-only"] as const) {
      disk.storage.state = state;
      for (const request of refused) {
        const response = await setup.app.inject({ ...request, ...as });
        const where = `${state}: ${request.method} ${request.url}: ${response.body}`;
        expect(response.statusCode, where).toBe(answers[state].status);
        expect(response.json(), where).toEqual({ error: { code: "unavailable", message: answers[state].message } });
        // The driver's words stay in the log.
        expect(response.body).not.toMatch(/SQLITE|53100|25006|No space|readonly|read-only transaction/);
      }
      injected(task, refused.length);
    }
    expect(disk.storage.refused).toBeGreaterThanOrEqual(2 * refused.length);

    // Reads go on, the member's own included, and show what was stored before.
    const comments = await setup.app.inject({
      method: "GET",
      url: `/api/comments?contentId=${encodeURIComponent(link(1))}`,
    });
    expect(comments.statusCode, comments.body).toBe(200);
    expect(comments.body).toContain("Written before the disk filled");
    const favorites = await setup.app.inject({ method: "GET", url: "/api/favorites", ...as });
    expect(favorites.statusCode, favorites.body).toBe(200);
    expect(favorites.body).toContain(link(1));
    for (const url of ["/api/feeds", "/api/feeds/bitcoin/items", "/api/health"]) {
      const response = await setup.app.inject({ method: "GET", url, ...as });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    await expectNothingLost(task, setup.database, acknowledged);

    disk.storage.state = "ok";
    const later = await setup.app.inject({
      method: "POST",
      url: "/api/comments",
      payload: { contentId: link(2), content: "Room again" },
      ...as,
    });
    expect(later.statusCode, later.body).toBe(201);
    acknowledged.comment(later.json().id);
    await expectNothingLost(task, setup.database, acknowledged);
    await expectBankHolds(task, setup.database);
  });
});
