import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { createLogger } from "./logger.ts";
import { accountRoutes, profileRoutes } from "./modules/accounts/index.ts";
import { type AdminPassword, adminRoutes, loadAdminPassword } from "./modules/admin/index.ts";
import { analysisRoutes, COIN_LIST_FETCH, CoinList } from "./modules/analysis/index.ts";
import { analyticsRoutes } from "./modules/analytics/index.ts";
import {
  blurtsRoutes,
  commentRoutes,
  communityRoutes,
  type HubOptions,
  NotificationHub,
  notificationRoutes,
} from "./modules/community/index.ts";
import { blogFeedRoutes, contentRoutes } from "./modules/content/index.ts";
import { feedRoutes, publishRoutes, resolveSources, type Sources } from "./modules/feeds/index.ts";
import { gemsRoutes } from "./modules/gems/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { createPriceService, marketRoutes, type PriceService, priceSourceName } from "./modules/market/index.ts";
import { type MemberFeedRoutesOptions, memberFeedRoutes } from "./modules/member-feeds/index.ts";
import { createPageClients, type PageFetchPolicy, PageReads } from "./modules/pages/index.ts";
import { readerRoutes } from "./modules/reader/index.ts";
import { readingRoutes } from "./modules/reading/index.ts";
import { settingsRoutes } from "./modules/settings/index.ts";
import { presentSiteConfig, siteRoutes } from "./modules/site/index.ts";
import { storyRoutes } from "./modules/stories/index.ts";
import { trendSources, trendsRoutes } from "./modules/trends/index.ts";
import { createTrendsService, type TrendsService } from "./modules/trends/service.ts";
import { createGuardedFetch } from "./outbound/guarded-fetch.ts";
import { appVersion, webDistDir } from "./paths.ts";
import { registerAccessMode } from "./plugins/access-mode.ts";
import { handleClientError } from "./plugins/client-errors.ts";
import { registerErrorHandler } from "./plugins/errors.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerOriginCheck } from "./plugins/origin-check.ts";
import { baselineSecurityHeaders, registerSecurityHeaders } from "./plugins/security.ts";
import { registerSessions } from "./plugins/sessions.ts";
import { registerWebApp } from "./plugins/web-app.ts";
import { sampleRoutes } from "./samples/routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    sources: Sources;
    adminPassword: AdminPassword;
    /** Has the feed scheduler look for due feeds now (a no-op where no scheduler runs). */
    wakeFeedScheduler: () => void;
    /** The process's one price service (cache, batching, failure state). */
    prices: PriceService;
    /** The price API's coin list, indexed once per process: analyses and coin tags share it. */
    coins: CoinList;
    /** The process's notification streams. */
    notificationHub: NotificationHub;
    /** The process's search trends lists (built once per change, shared by requests). */
    trends: TrendsService;
    /** Article pages fetched and read once for the reader view and analyses alike (kept in the database). */
    pageReads: PageReads;
  }
}

export type AppOptions = {
  config: Config;
  /** An open, migrated database. The app closes it when it closes. */
  database: Database;
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  /** The process's logger; by default one at the configured level. */
  logger?: FastifyBaseLogger;
  /** Feed addresses and relays; by default from the configuration (SOURCES_FILE, sample mode). */
  sources?: Sources;
  /** How the admin password is checked; by default ADMIN_PASSWORD or the generated one. */
  adminPassword?: AdminPassword;
  /** Wakes the feed scheduler when a reader asks for a refresh; main.ts passes its scheduler's. */
  wakeFeedScheduler?: () => void;
  /** The price service; by default one over PRICE_API_URL with its own guarded client, closed with the app. */
  prices?: PriceService;
  /** Timing of the notification streams; tests poll faster than the default second. */
  notificationStreams?: HubOptions;
  /** The search trends lists; by default over the configured sources, on the system clock. */
  trends?: TrendsService;
  /** How the reader view, analyses and blog Extract reach article pages; tests stand in for the internet's names and addresses. */
  analysis?: { pageFetch?: PageFetchPolicy };
  /** How members' feeds are fetched when added; tests stand in for the internet's names. */
  memberFeeds?: MemberFeedRoutesOptions;
};

/** The price API answers small JSON quickly; a slow or huge answer is a failure, not a wait. */
const PRICE_FETCH = { timeoutMs: 8_000, maxBytes: 512 * 1024 };

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Builds the Fastify app: external plugins, then app plugins, then routes. Nothing here
 * listens or migrates; main.ts and the tests decide that.
 */
export async function buildApp({
  config,
  database,
  webRoot = webDistDir,
  logger = createLogger(config),
  sources = resolveSources(config),
  adminPassword,
  wakeFeedScheduler = () => {},
  prices,
  notificationStreams,
  trends,
  analysis = {},
  memberFeeds = {},
}: AppOptions): Promise<FastifyInstance> {
  const securityHeaders = baselineSecurityHeaders(config);
  const app = Fastify({
    loggerInstance: logger,
    // Keep a caller's (load balancer's) request id when it looks sane, else make one.
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A number of hops becomes the equivalent test (Fastify's types only take the other forms).
    trustProxy:
      typeof config.trustProxy === "number"
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Requests on connections already open when shutdown begins are still served
    // (and their connection closed after); no bare 503 without our headers.
    return503OnClosing: false,
    // What the HTTP parser refuses (431, 400, 408) leaves in our error shape too.
    clientErrorHandler: handleClientError,
    // A URL that cannot even be decoded is a bad request in our error shape.
    frameworkErrors: (error, request, reply) => {
      // No hook runs for these answers, so they get their headers here.
      (reply as FastifyReply)
        .status(400)
        .headers({ ...securityHeaders, "x-request-id": request.id })
        .send({ error: { code: "invalid_request", message: `Invalid request: ${error.message}` } });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("sources", sources);
  app.decorate("wakeFeedScheduler", wakeFeedScheduler);
  app.decorate("adminPassword", adminPassword ?? (await loadAdminPassword(database, config.adminPassword, app.log)));
  if (prices) app.decorate("prices", prices);
  else {
    // Sample mode reads this very server's sample prices, on loopback, as its feeds do.
    const fetcher = createGuardedFetch({ allowPrivate: config.allowPrivateSources, ...PRICE_FETCH });
    app.decorate(
      "prices",
      createPriceService({
        baseUrl: config.priceApiUrl,
        fetcher,
        source: priceSourceName(config),
        log: app.log.child({ module: "prices" }),
      }),
    );
    app.addHook("onClose", async () => fetcher.close());
  }
  // The coin list comes from the price API, reached as the prices are (sample mode: this server).
  const coinFetch = createGuardedFetch({ allowPrivate: config.allowPrivateSources, ...COIN_LIST_FETCH });
  app.decorate(
    "coins",
    new CoinList({ fetcher: coinFetch, baseUrl: config.priceApiUrl, log: app.log.child({ module: "coins" }) }),
  );
  app.addHook("onClose", async () => coinFetch.close());
  app.decorate(
    "trends",
    trends ??
      createTrendsService({
        database,
        sources: trendSources(config),
        refreshMs: config.trendsRefreshMs,
        sample: config.sampleMode,
      }),
  );
  const pageClients = createPageClients(config, analysis.pageFetch);
  app.addHook("onClose", async () => pageClients.close());
  app.decorate(
    "pageReads",
    new PageReads({ database, config, log: app.log.child({ module: "page-reads" }), ...pageClients }),
  );
  app.addHook("onClose", async () => database.close());
  const notificationHub = new NotificationHub(
    database,
    app.log.child({ module: "notifications" }),
    notificationStreams,
  );
  app.decorate("notificationHub", notificationHub);
  // Open streams never end by themselves: end them first, or closing would wait for them.
  app.addHook("preClose", async () => notificationHub.close());
  // While closing, answers to requests already in flight end their connection, so a
  // keep-alive client cannot hold the server open past its last response.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (closing) reply.header("connection", "close");
  });

  // The error handler comes first: routes inherit the handler in force when their plugin loads.
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  // Answers up to 128 KB (every API page) are compressed in one call: above its small
  // default, each answer got a brotli stream of its own (megabytes of native memory
  // apiece), and 100 clients asking at once took the process past 300 MB resident.
  await app.register(compress, { threshold: 1024, syncThreshold: 128 * 1024 });
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });
  await registerOpenApi(app);
  await registerSessions(app);
  registerOriginCheck(app);
  registerAccessMode(app);

  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(siteRoutes, { prefix: "/api" });
  await app.register(feedRoutes, { prefix: "/api" });
  await app.register(memberFeedRoutes, { prefix: "/api", ...memberFeeds });
  await app.register(storyRoutes, { prefix: "/api" });
  await app.register(accountRoutes, { prefix: "/api" });
  await app.register(adminRoutes, { prefix: "/api" });
  await app.register(settingsRoutes, { prefix: "/api" });
  await app.register(profileRoutes, { prefix: "/api" });
  await app.register(communityRoutes, { prefix: "/api" });
  await app.register(commentRoutes, { prefix: "/api" });
  await app.register(notificationRoutes, { prefix: "/api" });
  await app.register(contentRoutes, { prefix: "/api", pageFetch: analysis.pageFetch });
  await app.register(marketRoutes, { prefix: "/api" });
  await app.register(gemsRoutes, { prefix: "/api" });
  await app.register(blurtsRoutes, { prefix: "/api" });
  await app.register(analyticsRoutes, { prefix: "/api" });
  await app.register(trendsRoutes, { prefix: "/api" });
  await app.register(analysisRoutes, { prefix: "/api" });
  await app.register(readerRoutes, { prefix: "/api" });
  await app.register(readingRoutes, { prefix: "/api" });
  await app.register(publishRoutes);
  await app.register(blogFeedRoutes);
  if (config.sampleMode) await app.register(sampleRoutes);
  await registerWebApp(app, webRoot, presentSiteConfig(config, appVersion));
  return app;
}
