import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me, Member } from "../../../contracts/accounts.ts";
import { toastStore } from "../../components/ui/toast/toast-store.ts";
import { AvatarMenu } from "./avatar-menu.tsx";

const satoshi: Member = { id: "u1", handle: "satoshi", username: null, email: null, avatar: null };

function renderMenu({
  early,
  user = null,
  at = "/",
}: {
  early?: { focused: boolean; opened: boolean };
  user?: Member | null;
  at?: string;
} = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Me>(["me"], { user, admin: false });
  const menu = <AvatarMenu onSearch={() => undefined} user={user} early={early} />;
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/" element={<>{menu}home page</>} />
          <Route path="/news" element={<>{menu}news page</>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client };
}

/** Opens the menu the way a pointer does (Radix listens for pointerdown). */
async function openMenu() {
  const trigger = screen.getByRole("button", { name: "Account menu" });
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: "mouse" });
  return screen.findByRole("menu");
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

describe("AvatarMenu taking over from its stand-in button", () => {
  it("keeps the focus the stand-in had", () => {
    renderMenu({ early: { focused: true, opened: false } });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Account menu" }));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("opens when the stand-in was pressed", async () => {
    renderMenu({ early: { focused: true, opened: true } });
    expect(await screen.findByRole("menuitem", { name: "Admin" })).toBeInTheDocument();
  });

  it("lists the leaderboard and the member's own feeds beside the other items", async () => {
    renderMenu({ early: { focused: false, opened: true } });
    await screen.findByRole("menu");
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Search",
      "Favorites",
      "Blurts",
      "Leaderboard",
      "Your feeds",
      "Settings",
      "Admin",
      "Sign in",
    ]);
    expect(screen.getByRole("menuitem", { name: "Leaderboard" }).getAttribute("href")).toBe("/leaderboard");
    expect(screen.getByRole("menuitem", { name: "Your feeds" }).getAttribute("href")).toBe("/feeds/mine");
  });

  it("does nothing of the sort when the stand-in was untouched", () => {
    renderMenu();
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("AvatarMenu signing in and out", () => {
  it("lets a member sign out from the menu: the session ends, home follows, and a toast says so", async () => {
    const { client } = renderMenu({ user: satoshi, at: "/news" });
    await openMenu();
    expect(screen.queryByRole("menuitem", { name: "Sign in" })).toBeNull();
    fireEvent.click(screen.getByRole("menuitem", { name: "Sign out" }));
    await screen.findByText("home page");
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST" }));
    expect(client.getQueryData<Me>(["me"])?.user).toBeNull();
    expect(toastStore.getSnapshot()[0]?.title).toBe("Signed out");
  });

  it("says so when signing out fails, and keeps the member where they are", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: "internal_error", message: "Something went wrong" } }), {
        status: 500,
      }),
    );
    const { client } = renderMenu({ user: satoshi, at: "/news" });
    await openMenu();
    fireEvent.click(screen.getByRole("menuitem", { name: "Sign out" }));
    await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe("Could not sign out"));
    expect(screen.getByText("news page")).toBeInTheDocument();
    expect(client.getQueryData<Me>(["me"])?.user?.handle).toBe("satoshi");
  });

  it("offers a visitor Sign in, coming back to this page", async () => {
    renderMenu({ at: "/news" });
    await openMenu();
    expect(screen.queryByRole("menuitem", { name: "Sign out" })).toBeNull();
    expect(screen.getByRole("menuitem", { name: "Sign in" }).getAttribute("href")).toBe("/login?next=%2Fnews");
  });
});
