import type { SiteConfig } from "../../../contracts/site.ts";
import type { Config } from "../../config.ts";

/** Picks the few configuration values the browser may see; secrets never pass through here. */
export function presentSiteConfig(config: Config, version: string): SiteConfig {
  return {
    name: "Gemwire",
    version,
    accessMode: config.accessMode,
    contactEmail: config.contactEmail,
    feedRefreshMs: config.feedRefreshMs,
    sampleMode: config.sampleMode,
    social: { ...config.social },
    analyticsScript: config.analyticsScript
      ? { url: config.analyticsScript.url, data: { ...config.analyticsScript.data } }
      : null,
  };
}
