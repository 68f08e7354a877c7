import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { gemsSchema } from "../../../contracts/gems.ts";
import { currentMember } from "../../plugins/sessions.ts";
import { getBalance } from "./service.ts";

/** The signed-in member's GEMS. */
export const gemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/gems",
    {
      schema: {
        tags: ["gems"],
        summary: "The signed-in member's GEMS balance (the sum of their ledger rows)",
        response: { 200: gemsSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => getBalance(app.database, currentMember(request).id),
  );
};
