/**
 * Fault: a data directory Gemwire cannot use, and a disk that fills up.
 *
 * At start the built server (dist/server/main.js, run as `npm start` runs it) is given a
 * DATA_DIR it cannot use; it must exit non-zero with one sentence naming DATA_DIR, the
 * path and what to do, and no stack trace. Forms that behave the same for root and
 * everyone else always run: a path under a regular file, DATA_DIR itself a file, the
 * database file a directory, a directory the server's user may not write (as root the
 * server runs without the capability to override file modes, since root writes
 * anywhere), the database file on /dev/full.
 * Where this machine can give the server a mount namespace of its own (root, or a user
 * namespace), a real read-only and a real full tmpfs run too.
 *
 * While running, a full disk must fail only the write: 507 with a sentence a member can
 * read, reads go on, and everything stored before is still there. On both databases the
 * driver is made to fail writes as a full disk does (SQLite's SQLITE_FULL, PostgreSQL's
 * disk_full); as root, the real server also runs on a tmpfs that the test fills for real
 * (unmounted lazily when the test ends, however it ends).
 * Cases this machine cannot run are listed as skipped, the need in their name.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { type KyselyPlugin, type RootOperationNode, sql } from "kysely";
import pg from "pg";
import sharp from "sharp";
import {
  afterAll,
  beforeAll,
  describe,
  type ExpectStatic,
  expect,
  it,
  type OnTestFinishedHandler,
  type TestContext,
} from "vitest";
import { adminSignIn, joinThroughInvite } from "../../bench/cluster-http.ts";
import {
  ensureBuilt,
  type ServerProcess,
  startFlags,
  startServer,
  waitUntilReady,
} from "../../bench/server-process.ts";
import { STORAGE_FULL_MESSAGE, STORAGE_READ_ONLY_MESSAGE } from "../../server/data-dir.ts";
import { openDatabase } from "../../server/db/connection.ts";
import type { Database } from "../../server/db/database.ts";
import { upsertArticles } from "../../server/modules/feeds/repository.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../server/test/databases.ts";
import { testItem } from "../../server/test/items.ts";
import { multipart } from "../../server/test/uploads.ts";
import { acknowledgedWrites, expectBankHolds, expectNothingLost } from "../acknowledged.ts";
import { articleLinks } from "../member-load.ts";
import { scale } from "../scale.ts";
import { injected } from "../tally.ts";
import { until } from "../until.ts";

const IS_ROOT = process.getuid?.() === 0;
/**
 * Root writes into a 0555 directory anyway; without the capabilities that override file
 * modes (util-linux's setpriv) it cannot, and still reads the build wherever it is.
 */
const WITHOUT_OVERRIDE = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner"];
const WHAT_TO_DO = "or set DATA_DIR to a writable directory with free space.";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-data-dir-"));
/** tmpfs mounts this process made (only the real-tmpfs run): lazily unmounted whatever happens. */
const mounted = new Set<string>();
const unmount = (dir: string) => {
  if (mounted.delete(dir)) spawnSync("umount", ["-l", dir]);
};
afterAll(() => {
  for (const dir of [...mounted]) unmount(dir);
  for (const entry of fs.readdirSync(scratch)) fs.chmodSync(path.join(scratch, entry), 0o755);
  fs.rmSync(scratch, { recursive: true, force: true });
});
let dirs = 0;
const freshDir = (name: string) => {
  const dir = path.join(scratch, `${++dirs}-${name}`);
  fs.mkdirSync(dir, { mode: 0o755 });
  return dir;
};

/**
 * The unshare flags that give a process a mount namespace of its own on this machine
 * (root: -m; anyone where user namespaces are allowed: -rm), or null when none can.
 */
const MOUNT_NAMESPACE: string[] | null = (() => {
  const target = freshDir("namespace-check");
  for (const flags of IS_ROOT ? [["-m"], ["-rm"]] : [["-rm"]]) {
    const tried = spawnSync("unshare", [...flags, "sh", "-c", `mount -t tmpfs -o size=64k tmpfs "${target}"`]);
    if (tried.status === 0) return flags;
  }
  return null;
})();

/**
 * The real tmpfs run mounts where this process sees it too (SQLite resolves /proc/<pid>/root
 * as a symbolic link to this process's own root, so the server's namespace cannot be read
 * into): it takes root with the right to mount, which a root mount namespace shows.
 */
const CAN_MOUNT_HERE = IS_ROOT && MOUNT_NAMESPACE?.[0] === "-m";
const NEEDS_NAMESPACE = "needs: a mount namespace (root, or unprivileged user namespaces)";

type Launch = {
  env: Record<string, string>;
  /** As root, run the server without the capabilities that override file modes. */
  withoutOverride?: boolean;
  /** Mount a tmpfs at DATA_DIR in a namespace of the server's own; fill it up first when `fill`. */
  tmpfs?: { options: string; fill?: boolean };
};

type Launched = { server: ServerProcess; output: () => string; exited: Promise<number> };
const LISTENING = "Gemwire is running at";

/**
 * Starts the built server as `npm start` does, in sample mode, its output captured. It is
 * killed when the test finishes, however it finishes (a timeout included), so no server
 * (and no namespace with its tmpfs) outlives the test.
 */
async function launch({ env, withoutOverride, tmpfs }: Launch, onTestFinished: OnTestFinished): Promise<Launched> {
  const prefix = [
    ...(tmpfs
      ? [
          "unshare",
          ...(MOUNT_NAMESPACE ?? []),
          "sh",
          "-c",
          // Mount, fill when asked (cat stops at ENOSPC), then become the server itself.
          'mount -t tmpfs -o "$1" tmpfs "$DATA_DIR" || exit 99; if [ "$2" = fill ]; then cat /dev/zero > "$DATA_DIR/filler" 2>/dev/null; fi; shift 2; exec "$@"',
          "sh",
          tmpfs.options,
          tmpfs.fill ? "fill" : "",
        ]
      : []),
    ...(withoutOverride ? WITHOUT_OVERRIDE : []),
  ];
  const server = await startServer(env.DATA_DIR as string, startFlags(), env, { output: "pipe", prefix });
  let output = "";
  server.child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => server.child.once("close", (code) => resolve(code ?? -1)));
  onTestFinished(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await exited;
  });
  return { server, output: () => output, exited };
}
type OnTestFinished = (fn: OnTestFinishedHandler) => void;
type StartContext = Pick<TestContext, "task" | "expect" | "onTestFinished">;

/** Runs the server, expecting it to refuse to start; a server that starts instead fails the test. */
async function refusedStart(
  launchWith: Launch,
  onTestFinished: OnTestFinished,
): Promise<{ code: number; output: string }> {
  const run = await launch(launchWith, onTestFinished);
  let code: number | undefined;
  void run.exited.then((exitCode) => (code = exitCode));
  const outcome = await until(
    "the server to exit (or start)",
    async () => code ?? (run.output().includes(LISTENING) ? ("listening" as const) : undefined),
    60_000,
  );
  if (outcome === "listening") {
    throw new Error(`the server started with DATA_DIR ${launchWith.env.DATA_DIR}:\n${run.output()}`);
  }
  return { code: outcome, output: run.output() };
}

/** One clear sentence naming DATA_DIR, its path and what to do: no stack trace, no JSON log. */
function expectOneClearSentence(expect: ExpectStatic, output: string, dataDir: string, says: RegExp): void {
  const lines = output.trim().split("\n");
  expect(lines, output).toHaveLength(1);
  const [line] = lines as [string];
  expect(line).toMatch(/^Cannot start: /);
  expect(line).toContain(`DATA_DIR (${dataDir})`);
  expect(line).toMatch(says);
  expect(line.endsWith(WHAT_TO_DO) || line.includes("Free some space there"), line).toBe(true);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/^\{/m);
}

type StartCase = {
  name: string;
  /** Whether the case is about the SQLite database file (no such file with PostgreSQL). */
  sqliteOnly?: boolean;
  /** With PostgreSQL the cases differ only in the sentence: one at the quick size, all at the full size. */
  quickOnPostgres?: boolean;
  prepare(): Launch & { dataDir: string };
  says: RegExp;
};

const startCases: StartCase[] = [
  {
    name: "a path under a regular file (ENOTDIR)",
    prepare() {
      const file = path.join(freshDir("under-file"), "a-file");
      fs.writeFileSync(file, "not a directory");
      const dataDir = path.join(file, "data");
      return { dataDir, env: { DATA_DIR: dataDir } };
    },
    says: /is not a directory: it, or a folder above it, is a file \(ENOTDIR\)/,
  },
  {
    name: "DATA_DIR itself a regular file",
    prepare() {
      const dataDir = path.join(freshDir("is-file"), "data");
      fs.writeFileSync(dataDir, "not a directory");
      return { dataDir, env: { DATA_DIR: dataDir } };
    },
    says: /is not a directory: it, or a folder above it, is a file \(EEXIST\)/,
  },
  {
    name: "a directory the server's user may not write (0555)",
    quickOnPostgres: true,
    prepare() {
      const dataDir = freshDir("read-only-mode");
      fs.chmodSync(dataDir, 0o555);
      return { dataDir, env: { DATA_DIR: dataDir }, withoutOverride: IS_ROOT };
    },
    says: /cannot be written by the user running Gemwire \(uid \d+\) \(EACCES\)\. Give that user write access to it/,
  },
  {
    name: "the database file is a directory",
    sqliteOnly: true,
    prepare() {
      const dataDir = freshDir("database-is-directory");
      fs.mkdirSync(path.join(dataDir, "gemwire.db"));
      return { dataDir, env: { DATA_DIR: dataDir } };
    },
    says: /the database file in DATA_DIR \([^)]+\), .+\/gemwire\.db, is a directory \(SQLITE_CANTOPEN\)/,
  },
  {
    name: "the database file's disk is full (the file is /dev/full: every write ENOSPC)",
    sqliteOnly: true,
    prepare() {
      const dataDir = freshDir("database-on-dev-full");
      fs.symlinkSync("/dev/full", path.join(dataDir, "gemwire.db"));
      return { dataDir, env: { DATA_DIR: dataDir } };
    },
    says: /the disk holding DATA_DIR \([^)]+\) is full \(SQLITE_FULL\)\. Free some space there/,
  },
];
/** Cases on a real tmpfs, mounted in a namespace of the server's own. */
const tmpfsStartCases: StartCase[] = [
  {
    name: "a read-only file system (a tmpfs mounted ro)",
    prepare() {
      const dataDir = freshDir("read-only-mount");
      return { dataDir, env: { DATA_DIR: dataDir }, tmpfs: { options: "ro,size=256k" } };
    },
    says: /is on a read-only file system \(EROFS\)\. Gemwire keeps its database and uploads there/,
  },
  {
    name: "a full disk (a 256 KiB tmpfs, filled)",
    prepare() {
      const dataDir = freshDir("full-disk");
      return { dataDir, env: { DATA_DIR: dataDir }, tmpfs: { options: "size=256k", fill: true } };
    },
    says: /the disk holding DATA_DIR \([^)]+\) is full \(ENOSPC\)\. Free some space there/,
  },
];

describe("Fault: a data directory Gemwire cannot use, at start (the built server)", () => {
  beforeAll(() => ensureBuilt(), 300_000);

  // Each case is a process of its own that exits at once: they run side by side.
  describe.for(testDatabaseTargets())("$dialect", (target) => {
    const runsOn = (startCase: StartCase) =>
      target.dialect === "sqlite" || (!startCase.sqliteOnly && scale(startCase.quickOnPostgres === true, true));
    const refused = async (startCase: StartCase, { task, expect, onTestFinished }: StartContext) => {
      // With PostgreSQL, DATA_DIR still holds the uploads: the same check, the same sentence.
      const created = target.dialect === "postgres" ? await target.create() : undefined;
      if (created) onTestFinished(() => created.drop());
      const launchWith = startCase.prepare();
      if (created) launchWith.env.DATABASE_URL = (created.location as { url: string }).url;
      const { code, output } = await refusedStart(launchWith, onTestFinished);
      injected(task, 1);
      expect(code, output).toBe(1);
      expectOneClearSentence(expect, output, launchWith.dataDir, startCase.says);
    };
    it.concurrent.for(startCases.filter(runsOn))("DATA_DIR: $name", refused);
    // Listed even where no namespace can be had, as skipped, so the summary says they did not run.
    it.skipIf(MOUNT_NAMESPACE === null).for(tmpfsStartCases.filter(runsOn))(
      `DATA_DIR: $name (${NEEDS_NAMESPACE})`,
      refused,
    );
  });

  it("the same server starts on a data directory it can use (the cases above fail for their fault alone)", async ({
    onTestFinished,
  }) => {
    const dataDir = freshDir("usable");
    // As the 0555 case runs it, so that case fails for the mode alone.
    const run = await launch({ env: { DATA_DIR: dataDir }, withoutOverride: IS_ROOT }, onTestFinished);
    await waitUntilReady(run.server).catch((error: Error) => {
      throw new Error(`${error.message}: ${run.output()}`);
    });
    expect(run.output()).toContain(LISTENING);
    expect(fs.existsSync(path.join(dataDir, "gemwire.db"))).toBe(true);
    // The write check leaves nothing behind.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith(".gemwire-write-check"))).toEqual([]);
  });
});

/** The errors each database's driver throws for a write when its storage is full, or read-only. */
const STORAGE_ERRORS = {
  sqlite: {
    full: () => new BetterSqlite3.SqliteError("database or disk is full", "SQLITE_FULL"),
    "read-only": () => new BetterSqlite3.SqliteError("attempt to write a readonly database", "SQLITE_READONLY"),
  },
  postgres: {
    // SQLSTATE 53100 disk_full; 25006 read_only_sql_transaction (a standby, after a failover).
    full: () => pgError('could not extend file "base/16384/16402": No space left on device', "53100"),
    "read-only": () => pgError("cannot execute INSERT in a read-only transaction", "25006"),
  },
} as const;

function pgError(message: string, code: string) {
  const error = new pg.DatabaseError(message, 0, "error");
  error.code = code;
  return error;
}

/**
 * Makes the database fail every write as a full (or read-only) disk does, while
 * `storage.state` says so: the driver's own error, thrown where the query would run.
 * Reads go through.
 */
function storageSwitch(database: Database) {
  const storage: { state: "ok" | "full" | "read-only"; refused: number } = { state: "ok", refused: 0 };
  const writes = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);
  const isWrite = (node: RootOperationNode) =>
    writes.has(node.kind) ||
    (node.kind === "RawNode" && /^\s*(insert|update|delete|replace)\b/i.test(node.sqlFragments.join("")));
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (storage.state !== "ok" && isWrite(node)) {
        storage.refused++;
        throw STORAGE_ERRORS[database.dialect][storage.state]();
      }
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return { storage, database: { ...database, db: database.db.withPlugin(plugin) } as Database };
}

describe.each(testDatabaseTargets())("Fault: the disk fills while Gemwire runs ($dialect, at the driver)", (target) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let disk: ReturnType<typeof storageSwitch>;
  const link = (n: number) => `https://news.example/full-${n}`;

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    const now = Date.now();
    await upsertArticles(
      handle.database,
      "bitcoin",
      [1, 2, 3].map((n) => testItem(`full-${n}`, n, now)),
      now,
    );
    disk = storageSwitch(handle.database);
    app = await buildTestApp(disk.database, { env: { DATA_DIR: freshDir(`running-${target.dialect}`) } });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  it("a write answers 507 (full) or 503 (read-only) in words a member can read; reads go on; nothing stored is lost; writes work again", async ({
    task,
  }) => {
    const acknowledged = acknowledgedWrites();
    const member = await joinAsMember(app, handle.database);
    const as = { cookies: member.cookies };
    const comment = await app.inject({
      method: "POST",
      url: "/api/comments",
      payload: { contentId: link(1), content: "Written before the disk filled" },
      ...as,
    });
    expect(comment.statusCode, comment.body).toBe(201);
    acknowledged.comment(comment.json().id);
    expect(
      (await app.inject({ method: "PUT", url: "/api/votes", payload: { link: link(1), vote: "up" }, ...as }))
        .statusCode,
    ).toBe(200);
    acknowledged.vote(member.id, link(1), "up");
    expect(
      (await app.inject({ method: "PUT", url: "/api/favorites", payload: { link: link(1) }, ...as })).statusCode,
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
        const response = await app.inject({ ...request, ...as });
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
    const comments = await app.inject({ method: "GET", url: `/api/comments?contentId=${encodeURIComponent(link(1))}` });
    expect(comments.statusCode, comments.body).toBe(200);
    expect(comments.body).toContain("Written before the disk filled");
    const favorites = await app.inject({ method: "GET", url: "/api/favorites", ...as });
    expect(favorites.statusCode, favorites.body).toBe(200);
    expect(favorites.body).toContain(link(1));
    for (const url of ["/api/feeds", "/api/feeds/bitcoin/items", "/api/health"]) {
      const response = await app.inject({ method: "GET", url, ...as });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    await expectNothingLost(task, handle.database, acknowledged);

    disk.storage.state = "ok";
    const later = await app.inject({
      method: "POST",
      url: "/api/comments",
      payload: { contentId: link(2), content: "Room again" },
      ...as,
    });
    expect(later.statusCode, later.body).toBe(201);
    acknowledged.comment(later.json().id);
    await expectNothingLost(task, handle.database, acknowledged);
    await expectBankHolds(task, handle.database);
  });
});

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

/** Writes zeros to `file` until the disk refuses (ENOSPC). */
function fillUp(file: string): void {
  const fd = fs.openSync(file, "w");
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
    // The last partial megabyte: fill what is left, byte pages at a time.
    const page = Buffer.alloc(4096);
    try {
      for (;;) fs.writeSync(fd, page);
    } catch (last) {
      if ((last as { code?: string }).code !== "ENOSPC") throw last;
    }
  } finally {
    fs.closeSync(fd);
  }
}
