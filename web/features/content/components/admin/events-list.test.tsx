import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toastStore } from "../../../../components/ui/toast/toast-store.ts";
import { apiError, json } from "../../../../test/api-fixtures.ts";
import { event, fakeApi, renderAt } from "../../test/content.tsx";
import { EventsList } from "./events-list.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

/** The list as the admin page holds it: the search words kept by its parent. */
function Searchable({ onSearch }: { onSearch?: (q: string) => void }) {
  const [q, setQ] = useState("");
  return (
    <EventsList
      q={q}
      onSearch={(words) => {
        onSearch?.(words);
        setQ(words);
      }}
    />
  );
}

const rows = () => within(screen.getByRole("list", { name: "Events" })).getAllByRole("listitem");

describe("EventsList", () => {
  it("says 'No events found' when there are none", async () => {
    fakeApi({ "GET /api/admin/events": () => json({ events: [], next: null }) });
    renderAt(<Searchable />, { admin: true });
    expect(await screen.findByText("No events found")).toBeInTheDocument();
  });

  it("searches once typing pauses, and says when nothing matches", async () => {
    const onSearch = vi.fn();
    const api = fakeApi({
      "GET /api/admin/events": ({ search }) => json({ events: search.get("q") === "zzz" ? [] : [event()], next: null }),
    });
    renderAt(<Searchable onSearch={onSearch} />, { admin: true });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const box = screen.getByRole("searchbox", { name: "Search events" });
    fireEvent.change(box, { target: { value: "z" } });
    fireEvent.change(box, { target: { value: "zzz " } });
    expect(await screen.findByText("No events found for “zzz”")).toBeInTheDocument();
    // One search for the words as they stood when typing paused.
    expect(onSearch.mock.calls).toEqual([["zzz"]]);
    expect(api.callsTo("GET /api/admin/events").map((call) => call.search.get("q"))).toEqual([null, "zzz"]);
  });

  it("loads the next page with Load more", async () => {
    fakeApi({
      "GET /api/admin/events": ({ search }) =>
        search.get("before") === "c1"
          ? json({ events: [event({ id: "e2", title: "Older" })], next: null })
          : json({ events: [event()], next: "c1" }),
    });
    renderAt(<Searchable />, { admin: true });
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("links each event to its edit form (?edit={id})", async () => {
    fakeApi({ "GET /api/admin/events": () => json({ events: [event({ id: "e 1" })], next: null }) });
    renderAt(<Searchable />, { admin: true });
    const edit = await screen.findByRole("link", { name: "Edit Gemwire Summit" });
    expect(edit.getAttribute("href")).toBe("/admin?edit=e+1");
  });

  it("deletes only after the admin confirms", async () => {
    let stored = [event(), event({ id: "e2", title: "Bitcoin Night" })];
    const api = fakeApi({
      "GET /api/admin/events": () => json({ events: stored, next: null }),
      "DELETE /api/admin/events/e2": () => {
        stored = stored.filter((e) => e.id !== "e2");
        return new Response(null, { status: 204 });
      },
    });
    renderAt(<Searchable />, { admin: true });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Bitcoin Night" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this event?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("DELETE /api/admin/events/e2")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete Bitcoin Night" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete event" }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.callsTo("DELETE /api/admin/events/e2")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("searchbox", { name: "Search events" })));
  });

  it("keeps the confirmation open and says why when deleting fails", async () => {
    fakeApi({
      "GET /api/admin/events": () => json({ events: [event()], next: null }),
      "DELETE /api/admin/events/e1": () => apiError(503, "unavailable", "The service is temporarily unavailable."),
    });
    renderAt(<Searchable />, { admin: true });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Gemwire Summit" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete event" }));
    const dialog = screen.getByRole("dialog");
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The service is temporarily unavailable.");
    expect(rows()).toHaveLength(1);
  });

  it("says 'Failed to load events' with a retry when the list cannot load", async () => {
    let fail = true;
    fakeApi({
      "GET /api/admin/events": () =>
        fail ? apiError(503, "unavailable", "Unavailable") : json({ events: [event()], next: null }),
    });
    renderAt(<Searchable />, { admin: true });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load events");
    expect(alert.textContent).toContain("Unavailable");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
