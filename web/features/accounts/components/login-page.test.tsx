import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me, Member } from "../../../../contracts/accounts.ts";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { LoginPage } from "./login-page.tsx";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const member = (over: Partial<Member> = {}): Member => ({
  id: "u1",
  handle: "new_member",
  username: null,
  email: null,
  avatar: null,
  ...over,
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => json({}, 404));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

function renderLogin(at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Me>(["me"], { user: null, admin: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>home page</p>} />
          <Route path="/news" element={<p>news page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function signIn() {
  fetchMock.mockImplementation(async (url: string) =>
    url === "/api/auth/login" ? json({ user: member() }) : json({}, 404),
  );
  const form = screen.getByRole("form", { name: "Sign in" });
  fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "new_member" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a long password" } });
  fireEvent.submit(form);
}

describe("LoginPage returning to the page the reader came from", () => {
  it("goes back to ?next= after signing in", async () => {
    renderLogin("/login?next=%2Fnews");
    signIn();
    expect(await screen.findByText("news page")).toBeInTheDocument();
  });

  it.each([
    ["another site", "https://evil.example/"],
    ["a protocol-relative address", "//evil.example"],
    ["a backslash address", "/\\evil.example"],
    ["dot segments folding into //", "/..//evil.example"],
  ])("goes home instead of to %s", async (_name, next) => {
    renderLogin(`/login?next=${encodeURIComponent(next)}`);
    signIn();
    expect(await screen.findByText("home page")).toBeInTheDocument();
  });

  it("sends a member who is already signed in straight on to ?next=", async () => {
    const client = new QueryClient();
    client.setQueryData<Me>(["me"], { user: member(), admin: false });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/login?next=%2Fnews"]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/news" element={<p>news page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("news page")).toBeInTheDocument();
  });
});

describe("LoginPage joining", () => {
  it("opens the Join tab with the code filled in from ?invite=", () => {
    renderLogin("/login?invite=ABCDE-FGHJK");
    expect(screen.getByRole("tab", { name: "Join with an invitation" }).getAttribute("aria-selected")).toBe("true");
    expect((screen.getByLabelText("Invitation code") as HTMLInputElement).value).toBe("ABCDE-FGHJK");
  });

  it("opens the Sign in tab without one", () => {
    renderLogin("/login");
    expect(screen.getByRole("tab", { name: "Sign in" }).getAttribute("aria-selected")).toBe("true");
  });

  it.each([
    ["the name they chose", member({ username: "Journey" }), "Welcome to Gemwire, Journey!"],
    ["their handle when they chose no name", member({ username: null }), "Welcome to Gemwire, @new_member!"],
  ])("welcomes the new member by %s", async (_name, user, title) => {
    fetchMock.mockImplementation(async (url: string) =>
      url === "/api/auth/signup" ? json({ user }, 201) : json({}, 404),
    );
    renderLogin("/login?invite=ABCDE-FGHJK&next=%2Fnews");
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "new_member" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a long password" } });
    fireEvent.submit(screen.getByRole("form", { name: "Join" }));
    expect(await screen.findByText("news page")).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/auth/signup") ?? [];
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({ inviteCode: "ABCDE-FGHJK" });
    await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe(title));
  });

  it("shows a refused code in the form and welcomes nobody", async () => {
    fetchMock.mockImplementation(async () =>
      json({ error: { code: "invalid_invite", message: "Invalid or used invitation code" } }, 400),
    );
    renderLogin("/login?invite=WRONG");
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "new_member" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a long password" } });
    fireEvent.submit(screen.getByRole("form", { name: "Join" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid or used invitation code");
    expect(toastStore.getSnapshot().filter((toast) => toast.open)).toEqual([]);
  });
});
