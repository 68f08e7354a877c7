import fs from "node:fs";
import path from "node:path";

/**
 * What went wrong with storage, from an error thrown by the file system, SQLite or
 * PostgreSQL: the disk is full, it is read-only, this user may not write there, or a
 * path that should be a directory (or the database file) is something else.
 */
export type StorageProblem = "full" | "read-only" | "no-permission" | "not-a-directory" | "cannot-open";

const problemByCode: Record<string, StorageProblem> = {
  ENOSPC: "full",
  EDQUOT: "full",
  SQLITE_FULL: "full",
  // PostgreSQL's disk_full (could not extend file / write to the WAL: no space left).
  "53100": "full",
  EROFS: "read-only",
  // PostgreSQL's read_only_sql_transaction: connected to a standby (after a failover, say).
  "25006": "read-only",
  SQLITE_READONLY: "read-only",
  SQLITE_READONLY_DIRECTORY: "read-only",
  SQLITE_READONLY_CANTINIT: "read-only",
  SQLITE_READONLY_DBMOVED: "read-only",
  EACCES: "no-permission",
  EPERM: "no-permission",
  ENOTDIR: "not-a-directory",
  EEXIST: "not-a-directory",
  EISDIR: "cannot-open",
  SQLITE_CANTOPEN: "cannot-open",
};

/** The storage problem behind `error` (or its cause), or null when it is something else. */
export function storageProblemOf(error: unknown): StorageProblem | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code in problemByCode) return problemByCode[code] as StorageProblem;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * How a request whose write found storage full (507) or read-only (503) is answered: the
 * change was not saved, nothing saved before is touched, and reads go on. Null for any
 * other error.
 */
export function storageRefusal(error: unknown): { status: 503 | 507; message: string } | null {
  const problem = storageProblemOf(error);
  if (problem === "full") return { status: 507, message: STORAGE_FULL_MESSAGE };
  if (problem === "read-only") return { status: 503, message: STORAGE_READ_ONLY_MESSAGE };
  return null;
}

export const STORAGE_FULL_MESSAGE =
  "The server has no room to save this change right now, so it was not saved. Everything saved before is safe and reading still works; please try again later.";
export const STORAGE_READ_ONLY_MESSAGE =
  "The server cannot save changes right now (its storage is read-only), so this one was not saved. Everything saved before is safe and reading still works; please try again later.";

const PROBE = ".gemwire-write-check";
/** The probe's size: a full disk refuses even this, while an empty file could still be created. */
const PROBE_BYTES = 4096;

/**
 * Makes sure DATA_DIR exists and a file can be written, synced and removed there, so a
 * read-only, full or mistyped data directory stops the start with one clear sentence
 * (dataDirMessage) instead of failing on the first upload or write.
 */
export function checkDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const probe = path.join(dataDir, `${PROBE}-${process.pid}`);
  const fd = fs.openSync(probe, "w");
  try {
    fs.writeSync(fd, Buffer.alloc(PROBE_BYTES));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
    fs.rmSync(probe, { force: true });
  }
}

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? ` (${code})` : "";
};

/**
 * One sentence for the operator when DATA_DIR, or the SQLite database in it, cannot be
 * used at start: what is wrong, where, and what to do. Null when `error` is no storage
 * problem (it is then reported as it is).
 */
export function dataDirMessage(error: unknown, dataDir: string, databaseFile?: string): string | null {
  const problem = storageProblemOf(error);
  if (!problem) return null;
  const code = codeOf(error);
  const where = `DATA_DIR (${dataDir})`;
  const elsewhere = "or set DATA_DIR to a writable directory with free space";
  switch (problem) {
    case "full":
      return `Cannot start: the disk holding ${where} is full${code}. Free some space there, ${elsewhere}.`;
    case "read-only":
      return `Cannot start: ${where} is on a read-only file system${code}. Gemwire keeps its database and uploads there: mount it writable, ${elsewhere}.`;
    case "no-permission": {
      const user = process.getuid ? ` (uid ${process.getuid()})` : "";
      return `Cannot start: ${where} cannot be written by the user running Gemwire${user}${code}. Give that user write access to it, ${elsewhere}.`;
    }
    case "not-a-directory":
      return `Cannot start: ${where} is not a directory: it, or a folder above it, is a file${code}. Move that file away, ${elsewhere}.`;
    case "cannot-open": {
      if (databaseFile && isDirectory(databaseFile)) {
        return `Cannot start: the database file in ${where}, ${databaseFile}, is a directory${code}. Move that directory away, ${elsewhere}.`;
      }
      const what = databaseFile ? `the database file in ${where}, ${databaseFile},` : where;
      return `Cannot start: ${what} cannot be opened${code}. Check that it is a readable, writable file, ${elsewhere}.`;
    }
  }
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
