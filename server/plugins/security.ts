import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { allWidgetOrigins } from "../../contracts/widget-hosts.ts";

/**
 * The only third-party origins the page may load: the hosts of TradingView's chart,
 * screener and news frames, which the web app builds itself — no third-party script runs in
 * our page (docs/decisions/014).
 */
export const widgetProviders = {
  frames: [...allWidgetOrigins],
} as const;

export const contentSecurityPolicy = {
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

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The essential headers as plain values, for the few answers Fastify sends before any
 * hook runs (a URL that cannot be decoded).
 */
export const baselineSecurityHeaders = {
  "content-security-policy": Object.entries(contentSecurityPolicy)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(" ")}`)
    .join(";"),
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

/** Security headers on every response, API and web app alike. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    referrerPolicy: { policy: "no-referrer" },
    frameguard: { action: "deny" },
    // Gemwire may be served over plain HTTP on a private network; HSTS belongs to
    // whatever terminates TLS in front of it.
    hsts: false,
    // Widgets and article images are cross-origin; COEP would block them.
    crossOriginEmbedderPolicy: false,
  });
}
