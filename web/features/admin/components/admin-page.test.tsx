import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../../contracts/accounts.ts";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { AdminPage, InvitesPanel } from "./admin-page.tsx";

const CODE = "ABCDE-FGHJK-LMNPQ-RSTUV-WXYZ2-34";
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const openToasts = () => toastStore.getSnapshot().filter((toast) => toast.open);

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/admin/login") {
      const { password } = JSON.parse(String(init?.body)) as { password: string };
      return password === "the admin password"
        ? new Response(null, { status: 204 })
        : json({ error: { code: "invalid_password", message: "Invalid password" } }, 401);
    }
    if (url === "/api/admin/invites" && init?.method === "POST") return json({ code: CODE, id: "i1" }, 201);
    if (url === "/api/admin/invites") return json({ invites: [] });
    return json({}, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

function renderAdmin(admin: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Me>(["me"], { user: null, admin });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/admin"]}>
        <AdminPage>
          <InvitesPanel />
        </AdminPage>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function signIn(password: string) {
  fireEvent.change(screen.getByLabelText("Admin password"), { target: { value: password } });
  fireEvent.submit(screen.getByRole("form", { name: "Admin sign-in" }));
}

describe("AdminPage", () => {
  it("says 'Invalid password', and takes that back once the right password signs in", async () => {
    renderAdmin(false);
    signIn("not the password");
    await waitFor(() =>
      expect(openToasts()).toEqual([
        expect.objectContaining({ title: "Error", description: "Invalid password", variant: "destructive" }),
      ]),
    );
    signIn("the admin password");
    await screen.findByRole("heading", { name: "Invitations" });
    expect(openToasts()).toEqual([]);
  });

  it("offers to copy a new code and its join link, which opens the Join tab with the code", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderAdmin(true);
    fireEvent.submit(await screen.findByRole("form", { name: "Create an invitation" }));
    expect((await screen.findByTestId("new-invite-code")).textContent).toBe(CODE);
    const joinLink = `${window.location.origin}/login?invite=${CODE}`;
    expect(screen.getByTestId("new-invite-link").getAttribute("href")).toBe(joinLink);

    fireEvent.click(screen.getByRole("button", { name: "Copy code" }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(CODE));
    await waitFor(() => expect(openToasts()[0]?.title).toBe("Invitation code copied"));
    fireEvent.click(screen.getByRole("button", { name: "Copy join link" }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(joinLink));
    await waitFor(() => expect(openToasts()[0]?.title).toBe("Join link copied"));
  });

  it("shows the code to copy by hand when the browser refuses to copy", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error("denied"))) },
    });
    renderAdmin(true);
    fireEvent.submit(await screen.findByRole("form", { name: "Create an invitation" }));
    fireEvent.click(await screen.findByRole("button", { name: "Copy code" }));
    await waitFor(() => expect(openToasts()[0]).toMatchObject({ title: "Could not copy", variant: "destructive" }));
    expect(openToasts()[0]?.description).toContain(CODE);
  });
});
