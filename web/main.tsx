import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createQueryClient, Providers } from "./app/providers.tsx";
import { createRouter } from "./app/router.tsx";
import { inlinedSiteConfig, siteConfigQuery } from "./lib/site-config.ts";
import { applyForcedDarkTheme, rememberTheme } from "./lib/theme.ts";
import "./styles.css";

rememberTheme();
applyForcedDarkTheme();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

/*
 * The site settings say whether the sample-mode line shows at the very top of every page.
 * Arriving after the first render, that line pushed the whole page down (a layout shift
 * `npm run bench:web` measures). The server inlines them in the page; without them (the
 * Vite dev server) the first render waits for `/api/site`, but not for long.
 */
const SITE_SETTINGS_WAIT_MS = 400;
const client = createQueryClient();
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  );
const inlined = inlinedSiteConfig();
if (inlined) {
  client.setQueryData(siteConfigQuery.queryKey, inlined);
  render();
} else {
  Promise.race([
    client.prefetchQuery(siteConfigQuery),
    new Promise((resolve) => setTimeout(resolve, SITE_SETTINGS_WAIT_MS)),
  ]).then(render, render);
}
