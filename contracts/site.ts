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
    analyticsScript: z
      .object({
        url: z.string(),
        data: z.record(z.string(), z.string()).describe("`data-*` attributes to set on the script element"),
      })
      .nullable()
      .describe(
        "A Plausible- or Umami-style page-view script to load (ANALYTICS_SCRIPT_URL, ANALYTICS_SCRIPT_DATA); null when none",
      ),
  })
  .meta({ id: "SiteConfig" });

export type SiteConfig = z.infer<typeof siteConfigSchema>;
