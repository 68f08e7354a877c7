import type { Database } from "../db/database.ts";

/** The same database, counting every use of its query builder (`counter.uses`). */
export function counting(database: Database) {
  const counter = { uses: 0 };
  const db = new Proxy(database.db, {
    get(target, property) {
      counter.uses++;
      const value = Reflect.get(target, property, target);
      // Kysely keeps private fields: its methods must run on the real instance.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { database: { ...database, db, changeStamp: () => database.changeStamp() } as Database, counter };
}
