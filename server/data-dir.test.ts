import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkDataDir,
  dataDirMessage,
  STORAGE_FULL_MESSAGE,
  STORAGE_READ_ONLY_MESSAGE,
  storageProblemOf,
  storageRefusal,
} from "./data-dir.ts";

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "gemwire-data-dir-unit-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("storageProblemOf", () => {
  it.each([
    ["ENOSPC", "full"],
    ["EDQUOT", "full"],
    ["SQLITE_FULL", "full"],
    ["53100", "full"],
    ["EROFS", "read-only"],
    ["SQLITE_READONLY", "read-only"],
    ["25006", "read-only"],
    ["EACCES", "no-permission"],
    ["ENOTDIR", "not-a-directory"],
    ["SQLITE_CANTOPEN", "cannot-open"],
  ])("%s is %s", (code, problem) => {
    expect(storageProblemOf(coded(code))).toBe(problem);
  });

  it("looks through causes, and knows nothing of other errors", () => {
    expect(storageProblemOf(new Error("wrapped", { cause: coded("ENOSPC") }))).toBe("full");
    expect(storageProblemOf(coded("23505"))).toBeNull(); // a unique violation
    expect(storageProblemOf(coded("SQLITE_CONSTRAINT"))).toBeNull();
    expect(storageProblemOf(new Error("no code"))).toBeNull();
    expect(storageProblemOf(null)).toBeNull();
  });
});

describe("storageRefusal", () => {
  it("answers a full disk with 507 and a read-only one with 503, and nothing else", () => {
    expect(storageRefusal(coded("SQLITE_FULL"))).toEqual({ status: 507, message: STORAGE_FULL_MESSAGE });
    expect(storageRefusal(coded("EROFS"))).toEqual({ status: 503, message: STORAGE_READ_ONLY_MESSAGE });
    // Not a write that found no room: the ordinary error path.
    expect(storageRefusal(coded("EACCES"))).toBeNull();
    expect(storageRefusal(coded("ECONNREFUSED"))).toBeNull();
  });
});

describe("dataDirMessage", () => {
  it("names DATA_DIR, the path, the code and what to do, in one line", () => {
    const message = dataDirMessage(coded("ENOSPC"), "/srv/gemwire") as string;
    expect(message).toBe(
      "Cannot start: the disk holding DATA_DIR (/srv/gemwire) is full (ENOSPC). Free some space there, or set DATA_DIR to a writable directory with free space.",
    );
    expect(message).not.toContain("\n");
  });

  it("says whether a database file that cannot be opened is a directory", () => {
    const dataDir = path.join(scratch, "db-directory");
    fs.mkdirSync(path.join(dataDir, "gemwire.db"), { recursive: true });
    expect(dataDirMessage(coded("SQLITE_CANTOPEN"), dataDir, path.join(dataDir, "gemwire.db"))).toContain(
      "gemwire.db, is a directory (SQLITE_CANTOPEN)",
    );
    expect(dataDirMessage(coded("SQLITE_CANTOPEN"), dataDir, path.join(dataDir, "missing.db"))).toContain(
      "missing.db, cannot be opened (SQLITE_CANTOPEN). Check that it is a readable, writable file",
    );
  });

  it("leaves any other error to be reported as it is", () => {
    expect(dataDirMessage(new Error("password authentication failed"), "/srv/gemwire")).toBeNull();
  });
});

describe("checkDataDir", () => {
  it("creates DATA_DIR and leaves no trace of its write check", () => {
    const dataDir = path.join(scratch, "new", "data");
    checkDataDir(dataDir);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("fails with the file system's error when a file is in the way", () => {
    const file = path.join(scratch, "a-file");
    fs.writeFileSync(file, "x");
    expect(() => checkDataDir(path.join(file, "data"))).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
  });
});
