import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { degenModeBodySchema, feedChoiceBodySchema, feedSettingsSchema } from "../../../contracts/settings.ts";
import { currentMember } from "../../plugins/sessions.ts";
import { getSettings, setDegenMode, setFeedChoice } from "./service.ts";

/** A member's settings follow them across devices; visitors keep theirs in the browser. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: feedSettingsSchema, 400: errorBodySchema, 401: errorBodySchema };

  app.get(
    "/settings",
    { schema: { tags: ["settings"], summary: "Degen mode and feed choices", response } },
    async (request) => getSettings(app.database, currentMember(request).id),
  );

  app.put(
    "/settings/degen-mode",
    {
      schema: {
        tags: ["settings"],
        summary: "Turn degen mode on or off (resets the feed choice)",
        body: degenModeBodySchema,
        response,
      },
    },
    async (request) => setDegenMode(app.database, currentMember(request).id, request.body.degenMode),
  );

  app.put(
    "/settings/feeds",
    {
      schema: {
        tags: ["settings"],
        summary: "Choose feeds and their order (bitcoin is always on)",
        body: feedChoiceBodySchema,
        response,
      },
    },
    async (request) => setFeedChoice(app.database, currentMember(request).id, request.body),
  );
};
