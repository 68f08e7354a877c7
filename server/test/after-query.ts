import { type KyselyPlugin, type QueryId, type RootOperationNode, TableNode } from "kysely";
import type { Database } from "../db/database.ts";

/**
 * `database`, with `hook` run after each query that `matches` has been executed and before
 * its caller sees the result: inside the caller's transaction, if it has one. A test stands
 * a failure or a stop there ("the power goes after the status is written") without the code
 * under test knowing.
 */
export function afterQuery(
  database: Database,
  matches: (node: RootOperationNode) => boolean,
  hook: () => Promise<void> | void,
): Database {
  const marked = new WeakSet<QueryId>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (matches(node)) marked.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (marked.has(queryId)) await hook();
      return result;
    },
  };
  return {
    dialect: database.dialect,
    db: database.db.withPlugin(plugin),
    description: database.description,
    withMigrationLock: (timeoutMs, work) => database.withMigrationLock(timeoutMs, work),
    changeStamp: () => database.changeStamp(),
    close: () => database.close(),
  };
}

/** Matches an UPDATE of `table`. */
export const updateOf =
  (table: string) =>
  (node: RootOperationNode): boolean =>
    node.kind === "UpdateQueryNode" &&
    node.table !== undefined &&
    TableNode.is(node.table) &&
    node.table.table.identifier.name === table;
