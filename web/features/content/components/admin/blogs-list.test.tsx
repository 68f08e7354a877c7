import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toastStore } from "../../../../components/ui/toast/toast-store.ts";
import { apiError, json } from "../../../../test/api-fixtures.ts";
import { fakeApi, post, renderAt } from "../../test/content.tsx";
import { BlogsList } from "./blogs-list.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

const rows = () => within(screen.getByRole("list", { name: "Blog posts" })).getAllByRole("listitem");

describe("BlogsList", () => {
  it("says 'No blogs found' when there are none, and searches with the words it is given", async () => {
    const api = fakeApi({ "GET /api/admin/blog": () => json({ posts: [], next: null }) });
    renderAt(<BlogsList q="gems" onSearch={vi.fn()} />, { admin: true });
    expect(await screen.findByText("No blogs found for “gems”")).toBeInTheDocument();
    expect(api.calls[0]?.search.get("q")).toBe("gems");
    expect(screen.getByRole("searchbox", { name: "Search blogs" })).toHaveProperty("value", "gems");
  });

  it("lists each post with a link to it and to its edit form (?edit={id}&type=blog)", async () => {
    fakeApi({ "GET /api/admin/blog": () => json({ posts: [post(), post({ id: "p2", title: "" })], next: null }) });
    renderAt(<BlogsList q="" onSearch={vi.fn()} />, { admin: true });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole("link", { name: "Why GEMS" }).getAttribute("href")).toBe("/blog/why-gems");
    expect(screen.getByRole("link", { name: "Edit Why GEMS" }).getAttribute("href")).toBe("/admin?edit=p1&type=blog");
    // A post without a title still has a name to act on.
    expect(screen.getByRole("link", { name: "Edit Untitled post" })).toBeInTheDocument();
  });

  it("deletes a post after confirmation", async () => {
    let stored = [post()];
    const api = fakeApi({
      "GET /api/admin/blog": () => json({ posts: stored, next: null }),
      "DELETE /api/admin/blog/p1": () => {
        stored = [];
        return new Response(null, { status: 204 });
      },
    });
    renderAt(<BlogsList q="" onSearch={vi.fn()} />, { admin: true });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Why GEMS" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Delete this post?" })).getByRole("button", { name: "Delete post" }),
    );
    expect(await screen.findByText("No blogs found")).toBeInTheDocument();
    expect(api.callsTo("DELETE /api/admin/blog/p1")).toHaveLength(1);
  });

  it("says so with a retry when the list cannot load", async () => {
    fakeApi({ "GET /api/admin/blog": () => apiError(503, "unavailable", "Unavailable") });
    renderAt(<BlogsList q="" onSearch={vi.fn()} />, { admin: true });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load blog posts");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
