import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema } from "../../../contracts/health.ts";
import { appVersion } from "../../paths.ts";
import { checkHealth } from "./service.ts";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.database, appVersion);
      return reply
        .status(health.status === "ok" ? 200 : 503)
        .header("cache-control", "no-store")
        .send(health);
    },
  );
};
