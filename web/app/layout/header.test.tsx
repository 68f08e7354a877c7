import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Member } from "../../../contracts/accounts.ts";
import { apiError, json } from "../../test/api-fixtures.ts";
import { Header } from "./header.tsx";

const satoshi: Member = { id: "u1", handle: "satoshi", username: null, email: null, avatar: null };

function renderHeader(user: Member | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Header
          menuOpen={false}
          onOpenMenu={() => undefined}
          onSearch={() => undefined}
          menuButtonRef={{ current: null }}
          isLargeScreen
          user={user}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the header's GEMS balance", () => {
  it("shows a member's balance from /api/gems, linking to their predictions", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json({ balance: 1250 }));
    vi.stubGlobal("fetch", fetchMock);
    renderHeader(satoshi);
    const link = await screen.findByRole("link", { name: "GEMS balance: 1,250 GEMS" });
    expect(link.getAttribute("href")).toBe("/predictions");
    expect(link.textContent).toContain("1,250");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/gems");
  });

  it("is not shown to a visitor, who is not asked about (the server would refuse)", () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json({ balance: 1250 }));
    vi.stubGlobal("fetch", fetchMock);
    renderHeader(null);
    expect(screen.queryByRole("link", { name: /GEMS balance/ })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain("/api/gems");
  });

  it("shows a dash, not a number, when the balance cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => apiError(500, "internal", "Something went wrong")),
    );
    renderHeader(satoshi);
    const link = await screen.findByRole("link", { name: "GEMS balance unavailable" });
    await vi.waitFor(() => expect(link.getAttribute("title")).toBe("The GEMS balance could not be loaded"));
    expect(link.textContent).toContain("—");
  });
});

describe("the header's notifications bell", () => {
  const answer = (unread: number) =>
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith("/api/notifications")
        ? json({ notifications: [], unread, next: null, seq: 7 })
        : json({ balance: 1250 }),
    );

  it("shows a member the unread count, named in the link's label", async () => {
    vi.stubGlobal("fetch", answer(3));
    renderHeader(satoshi);
    const bell = await screen.findByRole("link", { name: "Notifications, 3 unread" });
    expect(bell.getAttribute("href")).toBe("/notifications");
    expect(bell.textContent).toBe("3");
  });

  it("caps the badge at 99+ and hides it at 0", async () => {
    vi.stubGlobal("fetch", answer(250));
    const first = renderHeader(satoshi);
    expect((await screen.findByRole("link", { name: "Notifications, 250 unread" })).textContent).toBe("99+");
    first.unmount();
    vi.stubGlobal("fetch", answer(0));
    renderHeader(satoshi);
    const bell = await screen.findByRole("link", { name: "Notifications" });
    await vi.waitFor(() => expect(screen.queryByTestId("unread-badge")).toBeNull());
    expect(bell.textContent).toBe("");
  });

  it("is not shown to a visitor, and nothing is asked", () => {
    const fetchMock = answer(3);
    vi.stubGlobal("fetch", fetchMock);
    renderHeader(null);
    expect(screen.queryByRole("link", { name: /Notifications/ })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.startsWith("/api/notifications"))).toBe(
      false,
    );
  });
});
