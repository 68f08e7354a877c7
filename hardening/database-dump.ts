/**
 * Every row of every table, for the threat tests that must show a refused request wrote
 * nothing (compare two dumps) or that a secret is stored nowhere (search one).
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Database } from "../server/db/database.ts";

export type DatabaseDump = Record<string, Array<Record<string, unknown>>>;

/** The rows of each table (migration bookkeeping included), in a stable order. */
export async function dumpDatabase({ db }: Database): Promise<DatabaseDump> {
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  const dump: DatabaseDump = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    dump[table] = rows
      .map((row) => JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? String(value) : value)))
      .sort()
      .map((row) => JSON.parse(row));
  }
  return dump;
}

/** Every file under `root` with its size, so a before/after comparison shows any file written. */
export function fileTree(root: string): Record<string, number> {
  const files: Record<string, number> = {};
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(root, full)] = fs.statSync(full).size;
    }
  };
  walk(root);
  return files;
}
