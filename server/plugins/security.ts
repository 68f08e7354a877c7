import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
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

/** Security headers on every response, API and web app alike. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
    referrerPolicy: { policy: "no-referrer" },
    frameguard: { action: "deny" },
    // Gemwire may be served over plain HTTP on a private network; HSTS belongs to
    // whatever terminates TLS in front of it.
    hsts: false,
    // Widgets and article images are cross-origin; COEP would block them.
    crossOriginEmbedderPolicy: false,
  });
}
