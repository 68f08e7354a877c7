import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetTour, TUTORIAL_KEY } from "../../features/tour/tour-store.ts";
import { json } from "../../test/api-fixtures.ts";
import { AppLayout } from "./app-layout.tsx";

beforeEach(() => {
  // Whatever the shell asks (site, prices, page views) it is told nothing: the tour needs none of it.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json({ error: { code: "not_found", message: "Not found" } }, 404)),
  );
  Object.defineProperty(navigator, "sendBeacon", { value: () => true, configurable: true, writable: true });
});
afterEach(() => {
  act(() => resetTour());
  vi.unstubAllGlobals();
});

function renderApp(at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["me"], { user: null, admin: false });
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <h1>Dashboard</h1> },
          { path: "/login", element: <h1>Sign in</h1> },
          { path: "/stories", element: <h1>Stories</h1> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("the welcome tour in the app", () => {
  it("starts on a first visit, and Skip keeps it from starting again", async () => {
    renderApp("/");
    const tour = await screen.findByRole("dialog", { name: "Welcome to Gemwire" });
    expect(tour.textContent).toContain("Step 1 of 4");
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem(TUTORIAL_KEY)).toBe("true");
  });

  it("is restarted at its first step by the footer's Welcome Tour, which no longer only shows a toast", async () => {
    localStorage.setItem(TUTORIAL_KEY, "true");
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Welcome Tour" }));
    const tour = await screen.findByRole("dialog", { name: "Welcome to Gemwire" });
    expect(tour.textContent).toContain("Step 1 of 4");
    expect(screen.queryByText(/coming soon/)).toBeNull();
  });

  it("waits on the sign-in page, and starts on the next page", async () => {
    const router = renderApp("/login");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    // Long enough for a lazily loaded tour to have shown up.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(() => router.navigate("/stories"));
    await waitFor(() => expect(screen.getByRole("dialog", { name: "Welcome to Gemwire" })).toBeInTheDocument());
  });
});
