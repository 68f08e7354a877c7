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
          'Crypto news, stories and play-money predictions. Errors answer `{ "error": { "code", "message" } }`.',
        version: appVersion,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { deepLinking: false, validatorUrl: null },
    // The docs page ships its own inline bits; list their hashes instead of relaxing the CSP.
    staticCSP: true,
    // Swagger UI sets a few inline styles of its own; allow those on the docs page only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
