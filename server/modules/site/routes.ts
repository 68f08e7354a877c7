import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { siteConfigSchema } from "../../../contracts/site.ts";
import { appVersion } from "../../paths.ts";
import { presentSiteConfig } from "./presenter.ts";

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/site",
    {
      schema: {
        tags: ["system"],
        summary: "Public site settings: contact address, social links, access mode",
        response: { 200: siteConfigSchema },
      },
    },
    async () => presentSiteConfig(app.config, appVersion),
  );
};
