import type { SiteConfig } from "../../../contracts/site.ts";

declare global {
  interface Window {
    /** Plausible's script (script.manual.js: it counts only what it is told). */
    plausible?: (event: "pageview") => void;
    /** Umami's script. */
    umami?: { track: () => void };
  }
}

type Script = NonNullable<SiteConfig["analyticsScript"]>;

let added = false;
let ready = false;
/** A view happened before the script arrived; it is told once it has. */
let untold = false;

function tell(): void {
  untold = false;
  window.plausible?.("pageview");
  window.umami?.track();
}

/**
 * Adds the operator's page-view script (ANALYTICS_SCRIPT_URL) to the page, once. Its
 * `data-*` attributes come from ANALYTICS_SCRIPT_DATA; by default Plausible is given this
 * site's domain and Umami is asked not to count route changes itself, since the app tells
 * it about each one (otherwise views would count twice).
 */
export function loadAnalyticsScript(script: Script): void {
  if (added) return;
  added = true;
  const element = document.createElement("script");
  element.async = true;
  element.src = script.url;
  const data = { domain: window.location.hostname, "auto-track": "false", ...script.data };
  for (const [name, value] of Object.entries(data)) element.setAttribute(`data-${name}`, value);
  element.addEventListener("load", () => {
    ready = true;
    if (untold) tell();
  });
  document.head.append(element);
}

/** Tells the page-view script about a new view, now or as soon as it has loaded. */
export function tellAnalyticsScript(): void {
  if (ready) tell();
  else untold = true;
}
