import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { eventsSchema } from "../../../contracts/content.ts";
import { listEvents } from "./service.ts";

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/events",
    {
      schema: {
        tags: ["content"],
        summary: "Crypto events, soonest first (the built-in samples while none are stored)",
        response: { 200: eventsSchema },
      },
    },
    async () => listEvents(),
  );
};
