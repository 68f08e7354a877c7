import { useEffect } from "react";
import { useLocation } from "react-router";
import { useSiteConfig } from "../../lib/site-config.ts";
import { loadAnalyticsScript, tellAnalyticsScript } from "./analytics-script.ts";
import { reportPageView } from "./page-views.ts";

/**
 * Reports the first page and every route change to Gemwire's own counts, and to
 * the operator's page-view script when one is configured (loaded once, from the site
 * settings). Mounted once, by the app's layout.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const script = useSiteConfig().data?.analyticsScript;
  useEffect(() => {
    if (script) loadAnalyticsScript(script);
  }, [script]);
  useEffect(() => {
    reportPageView(pathname, tellAnalyticsScript);
  }, [pathname]);
}
