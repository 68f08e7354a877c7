import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { Me } from "../../contracts/accounts.ts";

/** The address the app is at, for tests to read (`data-testid="where"`). */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `ui` at `at` (any path shows it) with a fresh query client that never retries,
 * signed in as `me`; `extra` renders beside it inside the router.
 */
export function renderAt(ui: ReactNode, { me, at = "/", extra }: { me: Me; at?: string; extra?: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(["me"], me);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <Where />
              </>
            }
          />
        </Routes>
        {extra}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}
