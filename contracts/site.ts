import { z } from "zod";

/**
 * Everything about the server's configuration that the browser may see. Anything not
 * listed here stays on the server.
 */
export const siteConfigSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    accessMode: z.enum(["open", "members"]),
    contactEmail: z.string(),
    feedRefreshMs: z
      .number()
      .int()
      .describe("How old a feed may get before the web app fetches it again (FEED_REFRESH_MS)"),
    sampleMode: z
      .boolean()
      .describe("True while SAMPLE_MODE serves the bundled sample feeds, prices and trends (the web app says so)"),
    social: z.object({
      x: z.string().optional(),
      telegram: z.string().optional(),
      discord: z.string().optional(),
    }),
  })
  .meta({ id: "SiteConfig" });

export type SiteConfig = z.infer<typeof siteConfigSchema>;
