import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Analytics } from "../../../../contracts/content.ts";
import { json } from "../../../test/api-fixtures.ts";
import { AnalyticsPanel } from "./analytics-panel.tsx";

/** 30 days ending Mar 15, 2030, with views on a few of them. */
function report(views: Record<string, number>, top: Analytics["top"]): Analytics {
  const days = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2030, 2, 15 - 29 + i)).toISOString().slice(0, 10);
    return { day, views: views[day] ?? 0 };
  });
  return { days, top, total: days.reduce((sum, entry) => sum + entry.views, 0) };
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AnalyticsPanel />
    </QueryClientProvider>,
  );
}

describe("AnalyticsPanel", () => {
  it("asks for the last 30 days and says so while it loads", async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    renderPanel();
    expect(screen.getByRole("status").textContent).toBe("Loading analytics…");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/admin/analytics?days=30");
  });

  it("shows the total, a chart of the 30 days with the figures for screen readers, and the top pages", async () => {
    fetchMock.mockResolvedValue(
      json(
        report({ "2030-02-14": 3, "2030-03-10": 1200, "2030-03-15": 34 }, [
          { route: "/token/:symbol", views: 1000 },
          { route: "/", views: 230 },
          { route: "/stories", views: 7 },
        ]),
      ),
    );
    renderPanel();
    expect((await screen.findByTestId("analytics-total")).textContent).toBe("1,237");
    expect(screen.getByText(/page views in the last 30 days/)).toBeInTheDocument();

    const chart = screen.getByTestId("daily-views-chart");
    expect(chart.getAttribute("aria-hidden")).toBe("true");
    const bars = chart.querySelectorAll("rect.fill-gem");
    expect(bars).toHaveLength(30);
    const heights = [...bars].map((bar) => Number(bar.getAttribute("height")));
    expect(heights[0]).toBeGreaterThan(0);
    expect(heights[1]).toBe(0);
    expect(heights[24]).toBe(100);
    expect(heights[29]).toBeCloseTo((34 / 1200) * 100);

    const table = screen.getByRole("table", { name: "Page views per day (UTC)" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0]?.textContent).toBe("Feb 14, 20303");
    expect(rows[24]?.textContent).toBe("Mar 10, 20301200");
    expect(rows[29]?.textContent).toBe("Mar 15, 203034");

    const top = screen.getByRole("list", { name: "Top pages" });
    expect(
      within(top)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["/token/:symbol1,000", "/230", "/stories7"]);
  });

  it("says 'No page views yet' when nothing was counted", async () => {
    fetchMock.mockResolvedValue(json(report({}, [])));
    renderPanel();
    expect(await screen.findByText("No page views yet")).toBeInTheDocument();
    expect(screen.queryByTestId("daily-views-chart")).toBeNull();
  });

  it("says when the figures cannot be loaded, and tries again", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: "unavailable", message: "The database is busy" } }, 503));
    fetchMock.mockResolvedValueOnce(json(report({ "2030-03-15": 5 }, [{ route: "/", views: 5 }])));
    renderPanel();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load analytics");
    expect(alert.textContent).toContain("The database is busy");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect((await screen.findByTestId("analytics-total")).textContent).toBe("5");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
