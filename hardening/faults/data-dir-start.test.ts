/**
 * Fault: a data directory Gemwire cannot use, at start.
 *
 * The built server (dist/server/main.js, run as `npm start` runs it) is given a
 * DATA_DIR it cannot use; it must exit non-zero with one sentence naming DATA_DIR, the
 * path and what to do, and no stack trace. Forms that behave the same for root and
 * everyone else always run: a path under a regular file, DATA_DIR itself a file, the
 * database file a directory, a directory the server's user may not write (as root the
 * server runs without the capability to override file modes, since root writes
 * anywhere), the database file on /dev/full.
 * Where this machine can give the server a mount namespace of its own (root, or a user
 * namespace), a real read-only and a real full tmpfs run too.
 * Cases this machine cannot run are listed as skipped, the need in their name.
 * A disk that fills while Gemwire runs: data-dir-full-driver.test.ts, data-dir-full-tmpfs.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, type TestContext } from "vitest";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { ensureBuilt, waitUntilReady } from "../../test-kit/server-process.ts";
import { scale } from "../scale.ts";
import { injected } from "../tally.ts";
import {
  expectOneClearSentence,
  freshDir,
  IS_ROOT,
  type Launch,
  LISTENING,
  launch,
  MOUNT_NAMESPACE,
  NEEDS_NAMESPACE,
  refusedStart,
} from "./data-dir-launch.ts";

type StartContext = Pick<TestContext, "task" | "expect" | "onTestFinished">;

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
