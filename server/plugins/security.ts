import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { allWidgetOrigins } from "../../contracts/widget-hosts.ts";
import type { Config } from "../config.ts";

/**
 * The only third-party origins the page may load: the hosts of TradingView's chart,
 * screener and news frames, which the web app builds itself — no third-party script runs in
 * our page (docs/decisions/014).
 */
export const widgetProviders = {
  frames: [...allWidgetOrigins],
} as const;

const basePolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  scriptSrc: ["'self'"],
  frameSrc: [...widgetProviders.frames],
  // Article images come from every news site we aggregate.
  imgSrc: ["'self'", "data:", "blob:", "https:"],
  // Inline style attributes/elements are set by UI primitives (positioning, scroll lock).
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
};

/**
 * The policy for this configuration. An operator's page-view script (ANALYTICS_SCRIPT_URL)
 * adds exactly its origin to script-src, and to connect-src, where such scripts send
 * their events; nothing else is widened (docs/decisions/005).
 */
export function contentSecurityPolicy(config: Pick<Config, "analyticsScript">): typeof basePolicy {
  if (!config.analyticsScript) return basePolicy;
  const origin = new URL(config.analyticsScript.url).origin;
  return {
    ...basePolicy,
    scriptSrc: [...basePolicy.scriptSrc, origin],
    connectSrc: [...basePolicy.connectSrc, origin],
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The essential headers as plain values, for the few answers Fastify sends before any
 * hook runs (a URL that cannot be decoded).
 */
export function baselineSecurityHeaders(config: Pick<Config, "analyticsScript">) {
  return {
    "content-security-policy": Object.entries(contentSecurityPolicy(config))
      .map(([name, sources]) => `${kebab(name)} ${sources.join(" ")}`)
      .join(";"),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
  };
}

/**
 * Helmet's headers for this configuration, worked out once: they are the same for every
 * response, and making them per request (as @fastify/helmet does, policy parsing
 * included) cost a tenth of a cached answer's time.
 */
export function securityHeaders(config: Pick<Config, "analyticsScript">): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: "no-referrer" },
    frameguard: { action: "deny" },
    // Gemwire may be served over plain HTTP on a private network; HSTS belongs to
    // whatever terminates TLS in front of it.
    strictTransportSecurity: false,
    // Widgets and article images are cross-origin; COEP would block them.
    crossOriginEmbedderPolicy: false,
  });
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Security headers on every response, API and web app alike. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders(app.config);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
