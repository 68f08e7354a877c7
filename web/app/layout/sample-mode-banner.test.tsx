import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SiteConfig } from "../../../contracts/site.ts";
import { SampleModeBanner } from "./sample-mode-banner.tsx";

const site = (sampleMode: boolean): SiteConfig => ({
  name: "Gemwire",
  version: "1.0.0",
  accessMode: "open",
  contactEmail: "hello@example.org",
  feedRefreshMs: 300_000,
  sampleMode,
  social: {},
  analyticsScript: null,
});

async function renderWith(config: SiteConfig) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(config)));
  vi.stubGlobal("fetch", fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SampleModeBanner />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(client.getQueryData(["site"])).toBeDefined());
}

afterEach(() => vi.unstubAllGlobals());

describe("SampleModeBanner", () => {
  it("says so while the server runs in sample mode", async () => {
    await renderWith(site(true));
    expect(screen.getByRole("note").textContent).toBe("Sample mode — sample feeds, prices and trends");
  });

  it("shows nothing otherwise", async () => {
    await renderWith(site(false));
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.queryByText(/Sample mode/)).toBeNull();
  });
});
