import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toastStore } from "../../../../components/ui/toast/toast-store.ts";
import { apiError, json } from "../../../../test/api-fixtures.ts";
import { toLocalInput } from "../../event-form-values.ts";
import { event, fakeApi, renderAt } from "../../test/content.tsx";
import { EventForm } from "./event-form.tsx";

const openToasts = () => toastStore.getSnapshot().filter((toast) => toast.open);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

function renderForm(editId: string | null = null) {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  renderAt(<EventForm editId={editId} onSaved={onSaved} onCancel={onCancel} />, { admin: true });
  return { onSaved, onCancel };
}

function fillIn() {
  type("Title", "Gemwire Summit");
  type("Description", "Two days on markets.");
  type("Start date", "2027-05-01T09:00");
  type("End date", "2027-05-02T17:00");
  type("Location", "Lisbon, Portugal");
  type("Website", "https://summit.example");
}

const submit = () => fireEvent.submit(screen.getByRole("form", { name: "Add event" }));

describe("EventForm", () => {
  it("requires title, description, both dates, a place and the website (a URL); the image is optional", () => {
    fakeApi();
    renderForm();
    for (const label of ["Title", "Description", "Start date", "End date", "Location", "Website"]) {
      expect(screen.getByLabelText(label)).toHaveProperty("required", true);
    }
    expect(screen.getByLabelText("Website").getAttribute("type")).toBe("url");
    expect(screen.getByLabelText("Start date").getAttribute("type")).toBe("datetime-local");
    expect(screen.getByLabelText("Image URL")).toHaveProperty("required", false);
    expect(screen.getByLabelText("Image URL").getAttribute("type")).toBe("url");
  });

  it("adds the event with ISO dates, then resets and goes on (back to the list)", async () => {
    const api = fakeApi({ "POST /api/admin/events": () => json(event(), 201) });
    const { onSaved } = renderForm();
    fillIn();
    type("Image URL", "https://img.example/summit.png");
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo("POST /api/admin/events")[0]?.body).toEqual({
      title: "Gemwire Summit",
      description: "Two days on markets.",
      startDate: new Date(2027, 4, 1, 9, 0).toISOString(),
      endDate: new Date(2027, 4, 2, 17, 0).toISOString(),
      location: { city: "Lisbon", country: "Portugal" },
      website: "https://summit.example",
      imageUrl: "https://img.example/summit.png",
    });
    expect(openToasts()[0]).toMatchObject({ title: "Event added" });
    expect(screen.getByLabelText("Title")).toHaveProperty("value", "");
  });

  it("says 'Invalid dates' when the start is after the end, and sends nothing", async () => {
    const api = fakeApi({ "POST /api/admin/events": () => json(event(), 201) });
    const { onSaved } = renderForm();
    fillIn();
    type("Start date", "2027-05-03T09:00");
    submit();
    await waitFor(() =>
      expect(openToasts()).toEqual([
        expect.objectContaining({
          title: "Invalid dates",
          description: "End date must be after start date",
          variant: "destructive",
        }),
      ]),
    );
    expect(api.calls).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("offers 'Custom Location' with free city and country fields", async () => {
    const api = fakeApi({ "POST /api/admin/events": () => json(event(), 201) });
    renderForm();
    expect(screen.queryByLabelText("City")).toBeNull();
    fillIn();
    const options = within(screen.getByLabelText("Location")).getAllByRole("option");
    expect(options.at(-1)?.textContent).toBe("Custom Location");
    type("Location", "custom");
    expect(screen.getByLabelText("City")).toHaveProperty("required", true);
    type("City", "Porto");
    type("Country", "Portugal");
    submit();
    await waitFor(() => expect(api.callsTo("POST /api/admin/events")).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({ location: { city: "Porto", country: "Portugal" } });
  });

  it("shows each of the server's validation messages beside its field", async () => {
    fakeApi({
      "POST /api/admin/events": () =>
        apiError(
          400,
          "invalid_request",
          "Invalid request. body.website: website must be an http(s) address; body.location.city: City is required",
        ),
    });
    const { onSaved } = renderForm();
    fillIn();
    type("Location", "custom");
    type("Country", "Portugal");
    submit();
    const website = screen.getByLabelText("Website");
    await waitFor(() => expect(website.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = (element: HTMLElement) =>
      (element.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent)
        .join(" ");
    expect(describedBy(website)).toContain("website must be an http(s) address");
    expect(describedBy(screen.getByLabelText("City"))).toContain("City is required");
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
    // What was typed stays.
    expect(screen.getByLabelText("Title")).toHaveProperty("value", "Gemwire Summit");
  });

  it("says why in place when the save fails otherwise", async () => {
    fakeApi({ "POST /api/admin/events": () => apiError(401, "unauthenticated", "Admin sign-in required") });
    renderForm();
    fillIn();
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Admin sign-in required");
  });

  it("edits the event ?edit= names: filled in, saved with PUT", async () => {
    const stored = event({ id: "e7", location: { city: "Porto", country: "Portugal" }, imageUrl: null });
    const api = fakeApi({
      "GET /api/admin/events": () => json({ events: [event(), stored], next: null }),
      "PUT /api/admin/events/e7": () => json(stored),
    });
    const { onSaved } = renderForm("e7");
    const form = await screen.findByRole("form", { name: "Edit event" });
    expect(screen.getByLabelText("Title")).toHaveProperty("value", "Gemwire Summit");
    expect(screen.getByLabelText("Location")).toHaveProperty("value", "custom");
    expect(screen.getByLabelText("City")).toHaveProperty("value", "Porto");
    expect(screen.getByLabelText("Start date")).toHaveProperty("value", toLocalInput(stored.startDate));
    type("Title", "Gemwire Summit II");
    fireEvent.submit(form);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo("PUT /api/admin/events/e7")[0]?.body).toMatchObject({
      title: "Gemwire Summit II",
      startDate: "2027-05-01T09:00:00.000Z",
      location: { city: "Porto", country: "Portugal" },
    });
    expect(openToasts()[0]).toMatchObject({ title: "Event saved" });
  });

  it("looks the event up page by page when the list is not at hand", async () => {
    const api = fakeApi({
      "GET /api/admin/events": ({ search }) =>
        search.get("before")
          ? json({ events: [event({ id: "e9", title: "Far back" })], next: null })
          : json({ events: [event()], next: "cursor-1" }),
    });
    renderForm("e9");
    await screen.findByRole("form", { name: "Edit event" });
    expect(screen.getByLabelText("Title")).toHaveProperty("value", "Far back");
    expect(api.calls.map((call) => call.search.get("before"))).toEqual([null, "cursor-1"]);
  });

  it("says so when the event to edit is gone, with a way back to the list", async () => {
    fakeApi({ "GET /api/admin/events": () => json({ events: [], next: null }) });
    const { onCancel } = renderForm("gone");
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("There is no event to edit at this address");
    fireEvent.click(within(notice).getByRole("button", { name: "Back to the list" }));
    expect(onCancel).toHaveBeenCalled();
  });
});
