import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_TRENDS, TRENDS_FAILED } from "../../../../contracts/trends-catalog.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { answer, now, ok, show, trend, trendsApi } from "../test/trends.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("/google-trends when something fails or is missing", () => {
  it("says so when the period has no trends", async () => {
    trendsApi(() => json(answer({ trends: [], total: 0 })));
    show();
    expect(await screen.findByText(NO_TRENDS)).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pages of trends" })).toBeNull();
  });

  it("shows the destructive card when the trends cannot be loaded, and tries again", async () => {
    let fail = true;
    trendsApi(() => (fail ? apiError(500, "internal_error", "Something went wrong") : json(answer())));
    show();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(TRENDS_FAILED);
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "digital pound" })).toBeInTheDocument();
    expect(screen.queryByText(TRENDS_FAILED)).toBeNull();
  });

  it("names the sources that failed, why, when the next try is and how old the trends are", async () => {
    trendsApi(() =>
      json(
        answer({
          sources: [
            ok("US"),
            {
              source: "GB",
              lastSuccessAt: new Date(now - 3 * 3_600_000).toISOString(),
              lastError: "trends.google.com had a server error (HTTP 503).",
            },
            ok("CA"),
            ok("AU"),
            { source: "IN", lastSuccessAt: null, lastError: "trends.google.com did not answer in time." },
          ],
        }),
      ),
    );
    show();
    const notice = await screen.findByText(/2 of 5 sources of search trends could not be read/);
    const box = notice.closest("[role=status]") as HTMLElement;
    expect(box.textContent).toContain(
      "United Kingdom: trends.google.com had a server error (HTTP 503). Last read 3h ago",
    );
    expect(box.textContent).toContain("India: trends.google.com did not answer in time. Never read yet.");
    expect(box.textContent).toMatch(/Next try in 25 min/);
    expect(box.textContent).toMatch(/The trends shown were last updated 5m ago/);
    // The trends read before are still listed.
    expect(await screen.findByRole("heading", { name: "digital pound" })).toBeInTheDocument();
  });

  it("says every source failed, in place of an empty list that would look like nothing happened", async () => {
    trendsApi(() =>
      json(
        answer({
          trends: [],
          total: 0,
          updatedAt: null,
          sources: ["US", "GB", "CA", "AU", "IN"].map((source) => ({
            source,
            lastSuccessAt: null,
            lastError: "trends.google.com could not be found (no internet or DNS?).",
          })),
        }),
      ),
    );
    show();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No source of search trends could be read at the last try.");
    expect(alert.textContent).toContain("No trends have been read yet.");
    // One reason for all five, said once.
    const [failed, ...others] = within(alert).getAllByRole("listitem");
    expect(others).toEqual([]);
    expect(failed?.textContent).toBe(
      "United States, United Kingdom, Canada, Australia, India: trends.google.com could not be found (no internet or DNS?). Never read yet.",
    );
  });

  it("says the first read is coming before the server has read anything", async () => {
    trendsApi(() =>
      json(
        answer({
          trends: [],
          total: 0,
          updatedAt: null,
          nextUpdateAt: null,
          sources: ["US"].map((source) => ({ source, lastSuccessAt: null, lastError: null })),
        }),
      ),
    );
    show();
    expect(await screen.findByText(/has not read the search trends yet/)).toBeInTheDocument();
  });

  it("asks again on 'Refresh Trends', spinning and refusing clicks meanwhile, keeping the list", async () => {
    let release: () => void = () => {};
    let calls = 0;
    trendsApi(async () => {
      calls++;
      if (calls > 1) await new Promise<void>((resolve) => (release = resolve));
      return json(answer({ trends: [trend({ title: calls > 1 ? "fresh" : "first" })] }));
    });
    show();
    await screen.findByRole("heading", { name: "first" });
    const refresh = screen.getByRole("button", { name: "Refresh Trends" }) as HTMLButtonElement;
    await userEvent.click(refresh);
    await waitFor(() => expect(refresh.disabled).toBe(true));
    expect(screen.getByRole("heading", { name: "first" })).toBeInTheDocument();
    release();
    expect(await screen.findByRole("heading", { name: "fresh" })).toBeInTheDocument();
    expect(refresh.disabled).toBe(false);
  });

  it("keeps the list and says so when a refresh fails", async () => {
    let calls = 0;
    trendsApi(() => (++calls > 1 ? apiError(503, "unavailable", "Unavailable") : json(answer())));
    show();
    await screen.findByRole("heading", { name: "digital pound" });
    await userEvent.click(screen.getByRole("button", { name: "Refresh Trends" }));
    expect(await screen.findByText(/Could not refresh the trends/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "digital pound" })).toBeInTheDocument();
  });
});
