/**
 * Fault: the disk fills while Gemwire runs, for real.
 *
 * As root, the real server runs on a tmpfs that the test fills (unmounted lazily when
 * the test ends, however it ends): what needs the full disk answers 507 in words a member
 * can read, reads go on, and everything stored before is still there. Where this machine
 * cannot run it, it is listed as skipped, the need in its name.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { STORAGE_FULL_MESSAGE } from "../../server/data-dir.ts";
import { openDatabase } from "../../server/db/connection.ts";
import type { Database } from "../../server/db/database.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { multipart } from "../../server/test/uploads.ts";
import { adminSignIn, joinThroughInvite } from "../../test-kit/http-client.ts";
import { ensureBuilt, waitUntilReady } from "../../test-kit/server-process.ts";
import { until } from "../../test-kit/until.ts";
import { acknowledgedWrites, expectBankHolds, expectNothingLost } from "../acknowledged.ts";
import { articleLinks } from "../member-load.ts";
import { scale } from "../scale.ts";
import { injected } from "../tally.ts";
import { CAN_MOUNT_HERE, fillUp, freshDir, launch, mounted, unmount } from "./data-dir-launch.ts";

/** A member who joined with an invitation from the admin API, on a running server. */
async function memberOn(origin: string) {
  const admin = await adminSignIn(origin, "bench admin password");
  const member = await joinThroughInvite(origin, admin, "full_disk_reader", "a long reading password");
  return { id: member.id, headers: { "content-type": "application/json", origin, cookie: member.cookie } };
}

describe("Fault: the disk fills while Gemwire runs (the built server on a real tmpfs)", () => {
  beforeAll(() => ensureBuilt(), 300_000);

  // PostgreSQL's run (only uploads need DATA_DIR) starts a server on a fresh database: the full size only.
  it.skipIf(!CAN_MOUNT_HERE).for(testDatabaseTargets().filter((target) => scale(target.dialect === "sqlite", true)))(
    "$dialect: what needs the full disk answers 507; reads go on; nothing stored is lost (needs: root and a mount namespace)",
    async (target, { task, onTestFinished }) => {
      const created = target.dialect === "postgres" ? await target.create() : undefined;
      if (created) onTestFinished(() => created.drop());
      const dataDir = freshDir(`running-tmpfs-${target.dialect}`);
      const env: Record<string, string> = { DATA_DIR: dataDir };
      if (created) env.DATABASE_URL = (created.location as { url: string }).url;
      expect(spawnSync("mount", ["-t", "tmpfs", "-o", "size=32m", "tmpfs", dataDir]).status).toBe(0);
      mounted.add(dataDir);
      // Lazily: it works while the server still has files there, whichever hook runs first.
      onTestFinished(() => unmount(dataDir));
      const run = await launch({ env }, onTestFinished);
      const { origin } = run.server;
      await waitUntilReady(run.server).catch((error: Error) => {
        throw new Error(`${error.message}: ${run.output()}`);
      });
      let database: Database | undefined;
      onTestFinished(() => database?.close());
      const member = await memberOn(origin);
      const items = await until("the sample feeds' first articles", async () => {
        const links = await articleLinks(origin, "bitcoin").catch(() => []);
        return links.length > 0 ? links : undefined;
      });
      const link = items[0] as string;
      const acknowledged = acknowledgedWrites();
      const comment = await fetch(`${origin}/api/comments`, {
        method: "POST",
        headers: member.headers,
        body: JSON.stringify({ contentId: link, content: "Written before the disk filled" }),
      });
      expect(comment.status, await comment.clone().text()).toBe(201);
      acknowledged.comment(((await comment.json()) as { id: string }).id);
      const favorite = await fetch(`${origin}/api/favorites`, {
        method: "PUT",
        headers: member.headers,
        body: JSON.stringify({ link }),
      });
      expect(favorite.status).toBe(200);
      acknowledged.favorite(member.id, link);

      database = openDatabase(
        created ? created.location : { dialect: "sqlite", file: path.join(dataDir, "gemwire.db") },
      );
      if (database.dialect === "sqlite") {
        // The write-ahead log starts empty, so the next write must take new room on the disk.
        await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
      }
      fillUp(path.join(dataDir, "filler"));

      // An upload always needs DATA_DIR: with either database it is refused as no room.
      const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#f59e0b" } })
        .png()
        .toBuffer();
      const upload = multipart("me.png", "image/png", picture);
      const avatar = await fetch(`${origin}/api/me/avatar`, {
        method: "POST",
        headers: { ...upload.headers, cookie: member.headers.cookie, origin },
        body: upload.payload,
      });
      injected(task, 1);
      expect(avatar.status, await avatar.clone().text()).toBe(507);
      expect(await avatar.json()).toEqual({ error: { code: "unavailable", message: STORAGE_FULL_MESSAGE } });

      const second = await fetch(`${origin}/api/comments`, {
        method: "POST",
        headers: member.headers,
        body: JSON.stringify({ contentId: link, content: "Written on a full disk" }),
      });
      injected(task, 1);
      if (database.dialect === "sqlite") {
        // The database is on the full disk too.
        expect(second.status, await second.clone().text()).toBe(507);
        expect(await second.json()).toEqual({ error: { code: "unavailable", message: STORAGE_FULL_MESSAGE } });
      } else {
        // PostgreSQL keeps its data elsewhere: only what goes to DATA_DIR is refused.
        expect(second.status, await second.clone().text()).toBe(201);
        acknowledged.comment(((await second.json()) as { id: string }).id);
      }

      for (const url of [`/api/comments?contentId=${encodeURIComponent(link)}`, "/api/favorites", "/api/feeds"]) {
        const response = await fetch(`${origin}${url}`, { headers: { cookie: member.headers.cookie } });
        expect(response.status, `${url}: ${await response.clone().text()}`).toBe(200);
      }
      await expectNothingLost(task, database, acknowledged);

      fs.rmSync(path.join(dataDir, "filler"));
      const afterwards = await fetch(`${origin}/api/comments`, {
        method: "POST",
        headers: member.headers,
        body: JSON.stringify({ contentId: link, content: "Room again" }),
      });
      expect(afterwards.status, await afterwards.clone().text()).toBe(201);
      acknowledged.comment(((await afterwards.json()) as { id: string }).id);
      await expectNothingLost(task, database, acknowledged);
      await expectBankHolds(task, database);
      expect(run.server.child.exitCode).toBeNull();
    },
  );
});
