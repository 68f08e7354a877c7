import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { checkDataDir, dataDirMessage } from "./data-dir.ts";
import { openDatabase } from "./db/connection.ts";
import { loadMigrations, migrate } from "./db/migrate.ts";
import { startFeedScheduler } from "./jobs/feed-scheduler.ts";
import { startMaintenance } from "./jobs/maintenance.ts";
import { startPredictionResolver } from "./jobs/prediction-resolver.ts";
import { startPriceHistory } from "./jobs/price-history.ts";
import { startTrendsRefresh } from "./jobs/trends-refresh.ts";
import { processHolder } from "./lib/jobs/holder.ts";
import { createShutdown } from "./lifecycle.ts";
import { createLogger } from "./logger.ts";
import { resolveSources } from "./modules/feeds/index.ts";
import { createMemberFeedFetch } from "./modules/member-feeds/index.ts";
import { trendSources } from "./modules/trends/index.ts";
import { createGuardedFetch } from "./outbound/guarded-fetch.ts";

/** A trends source answers a small RSS or JSON quickly; a slow or huge answer is a failure, not a wait. */
const TRENDS_FETCH = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };

/** Starts Gemwire: config, database and migrations, then the HTTP server. `--migrate-only` stops after migrating. */
async function main(argv: string[]): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config);
  // A data directory that cannot be used stops the start with one sentence, not a stack trace.
  const sqliteFile = config.database.dialect === "sqlite" ? config.database.file : undefined;
  const refuseDataDir = (error: unknown) => {
    const message = dataDirMessage(error, config.dataDir, sqliteFile);
    if (!message) return;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  };
  let database: ReturnType<typeof openDatabase>;
  try {
    // PostgreSQL's migrations alone need no data directory; its server does, for uploads.
    if (sqliteFile || !argv.includes("--migrate-only")) checkDataDir(config.dataDir);
    database = openDatabase(config.database, {
      onConnectionError: (error) => logger.warn({ err: error }, "database connection lost; reconnecting"),
    });
  } catch (error) {
    refuseDataDir(error);
    throw error;
  }
  try {
    const applied = await migrate(database, loadMigrations(database.dialect), {
      lockTimeoutMs: config.migrationLockTimeoutMs,
    });
    logger.info({ applied, database: database.description }, `database ready (${applied.length} migrations applied)`);
  } catch (error) {
    await database.close().catch(() => {});
    if (sqliteFile) refuseDataDir(error);
    logger.fatal({ database: database.description }, `Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  if (argv.includes("--migrate-only")) {
    await database.close();
    return;
  }

  let sources: ReturnType<typeof resolveSources>;
  try {
    sources = resolveSources(config);
  } catch (error) {
    logger.fatal(`Cannot start: ${(error as Error).message}`);
    await database.close();
    process.exit(1);
  }

  let scheduler: ReturnType<typeof startFeedScheduler> | undefined;
  const app = await buildApp({ config, database, logger, sources, wakeFeedScheduler: () => scheduler?.wake() });
  const fetcher = createGuardedFetch({ allowPrivate: config.allowPrivateSources });
  const trendsFetcher = createGuardedFetch({ allowPrivate: config.allowPrivateSources, ...TRENDS_FETCH });
  // Members' feeds are any address a member pastes: public only, whatever ALLOW_PRIVATE_SOURCES says.
  const memberFeedFetcher = createMemberFeedFetch(config);
  let maintenance: ReturnType<typeof startMaintenance> | undefined;
  let priceHistory: ReturnType<typeof startPriceHistory> | undefined;
  let predictionResolver: ReturnType<typeof startPredictionResolver> | undefined;
  let trendsRefresh: ReturnType<typeof startTrendsRefresh> | undefined;
  // Background work stops before the server and the database close.
  app.addHook("preClose", async () => {
    await scheduler?.stop();
    await maintenance?.stop();
    await priceHistory?.stop();
    await predictionResolver?.stop();
    await trendsRefresh?.stop();
    await fetcher.close();
    await trendsFetcher.close();
    await memberFeedFetcher.close();
  });
  const shutdown = createShutdown(app);
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal));
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, "cannot listen");
    await app.close();
    process.exit(1);
  }
  // For the person who started it; the JSON log says the same for machines.
  process.stdout.write(`Gemwire is running at ${address}\n`);
  const holder = processHolder;
  maintenance = startMaintenance({
    database,
    dataDir: config.dataDir,
    accountPurgeMs: config.accountPurgeMs,
    holder,
    log: app.log.child({ job: "maintenance" }),
  });
  // Started once listening: in sample mode the prices and feeds come from this very server.
  priceHistory = startPriceHistory({
    database,
    prices: app.prices,
    holder,
    log: app.log.child({ job: "price-history" }),
  });
  predictionResolver = startPredictionResolver({
    database,
    prices: app.prices,
    holder,
    log: app.log.child({ job: "prediction-resolver" }),
  });
  trendsRefresh = startTrendsRefresh({
    database,
    fetcher: trendsFetcher,
    sources: trendSources(config),
    refreshMs: config.trendsRefreshMs,
    ownOrigin: config.sampleMode ? new URL(config.samplesUrl).origin : undefined,
    holder,
    log: app.log.child({ job: "trends" }),
  });
  scheduler = startFeedScheduler({
    database,
    sources,
    fetcher,
    refreshMs: config.feedRefreshMs,
    retention: config.feedRetention,
    coins: app.coins,
    memberFeeds: config.memberFeeds ? { fetcher: memberFeedFetcher } : undefined,
    holder,
    log: app.log.child({ job: "feeds" }),
  });
}

await main(process.argv.slice(2));
