import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers.tsx";
import { createRouter } from "./app/router.tsx";
import { applyForcedDarkTheme, rememberTheme } from "./lib/theme.ts";
import "./styles.css";

rememberTheme();
applyForcedDarkTheme();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
