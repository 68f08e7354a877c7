import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { appVersion } from "../paths.ts";

/** The OpenAPI document at /api/openapi.json, generated from the route schemas, and its page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Gemwire API",
        description:
          'Crypto news, stories and play-money predictions. Errors answer `{ "error": { "code", "message" } }`. ' +
          "Any route may also answer 503 `unavailable` with `Retry-After` while the database cannot be reached, " +
          "and a change 507 `unavailable` (storage full) or 503 (storage read-only): nothing of it was saved. " +
          "State-changing calls from another site's pages answer 403 `forbidden`.",
        version: appVersion,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { deepLinking: false, validatorUrl: null },
    // The docs page ships inline bits of its own: keep Swagger UI's policy, which lists
    // their hashes, but hold it to our rules (no <base>, no framing, plain HTTP allowed).
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .split(";")
        .map((directive) => directive.trim())
        .filter((directive) => directive && !directive.startsWith("upgrade-insecure-requests"))
        .map((directive) => {
          if (directive.startsWith("base-uri")) return "base-uri 'none'";
          if (directive.startsWith("frame-ancestors")) return "frame-ancestors 'none'";
          if (directive.startsWith("style-src")) return `${directive} 'unsafe-inline'`;
          return directive;
        })
        .join("; "),
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
