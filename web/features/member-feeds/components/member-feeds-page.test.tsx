import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_OPML_BYTES } from "../../../../contracts/reading-catalog.ts";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { renderAt } from "../../../test/render.tsx";
import { failingFeed, fakeApi, feedList, member, memberFeed, visitor } from "../test/fixtures.ts";
import { MemberFeedsPage } from "./member-feeds-page.tsx";

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi();
  vi.stubGlobal("fetch", api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

const addressField = () => screen.getByRole("textbox", { name: "Feed or site address" });
const followed = () => screen.getByRole("list", { name: "Feeds you follow" });

function add(address: string) {
  fireEvent.change(addressField(), { target: { value: address } });
  fireEvent.click(screen.getByRole("button", { name: "Add feed" }));
}

/** A file the import input is given, as the browser would hand it over. */
function chooseFile(file: File) {
  fireEvent.change(screen.getByLabelText("Import OPML"), { target: { files: [file] } });
}

describe("'Your feeds' for a visitor", () => {
  it("asks to sign in, and never asks the API for a list it would refuse", async () => {
    renderAt(<MemberFeedsPage />, { me: visitor, at: "/feeds/mine" });
    expect(screen.getByRole("heading", { level: 1, name: "Your feeds" })).toBeInTheDocument();
    const signIn = screen.getByRole("link", { name: "Sign In" });
    expect(signIn.getAttribute("href")).toBe("/login?next=%2Ffeeds%2Fmine");
    expect(screen.queryByRole("form", { name: "Add a feed" })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});

describe("'Your feeds' for a member", () => {
  it("shows it is loading until the list arrives", async () => {
    let answer: (response: Response) => void = () => {};
    api.answers["GET /api/me/feeds"] = () => new Promise<Response>((resolve) => (answer = resolve));
    renderAt(<MemberFeedsPage />, { me: member });
    expect((await screen.findByText("Loading your feeds…")).closest("[role=status]")).toBeInTheDocument();
    answer(json({ feeds: [], limit: 50, enabled: true }));
    await screen.findByRole("form", { name: "Add a feed" });
    expect(screen.queryByText("Loading your feeds…")).toBeNull();
  });

  it("explains what to paste when the member follows no feed yet", async () => {
    api.answers["GET /api/me/feeds"] = feedList([]);
    renderAt(<MemberFeedsPage />, { me: member });
    expect(await screen.findByText(/You follow no feeds of your own yet/)).toBeInTheDocument();
    expect(screen.getByText(/simply a site's address/)).toBeInTheDocument();
    expect(screen.getByText("0 of 50")).toBeInTheDocument();
  });

  it("lists each feed with its address, health, article count and page, and counts them", async () => {
    api.answers["GET /api/me/feeds"] = feedList([memberFeed(1, { title: "Chain Notes" }), failingFeed(2)]);
    renderAt(<MemberFeedsPage />, { me: member });
    const rows = within(await screen.findByRole("list", { name: "Feeds you follow" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const [healthy, failing] = rows as [HTMLElement, HTMLElement];
    expect(within(healthy).getByRole("link", { name: "Chain Notes" }).getAttribute("href")).toBe(
      "/feeds/mine/mf-000000000001",
    );
    const address = within(healthy).getByRole("link", { name: /site1\.example\/feed\.xml/ });
    expect(address.getAttribute("href")).toBe("https://site1.example/feed.xml");
    expect(address.getAttribute("rel")).toBe("noopener noreferrer");
    expect(healthy.textContent).toContain("Updated 5m ago");
    expect(healthy.textContent).toContain("12 articles stored");
    // A failure is said in plain words, with when it is tried again.
    expect(failing.textContent).toContain("Last fetch failed: quietchain.example had a server error (HTTP 503).");
    expect(failing.textContent).toMatch(/Next try in 18 min/);
    expect(failing.textContent).toContain("0 articles stored");
    expect(screen.getByText("2 of 50")).toBeInTheDocument();
  });

  it("says so when the list cannot be loaded, and tries again", async () => {
    api.answers["GET /api/me/feeds"] = () => apiError(503, "unavailable", "Service unavailable");
    renderAt(<MemberFeedsPage />, { me: member });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your feeds could not be loaded: Service unavailable");
    api.answers["GET /api/me/feeds"] = feedList([memberFeed(1)]);
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Feed 1" })).toBeInTheDocument();
  });

  it("says plainly when the operator turned the feature off, with no form", async () => {
    api.answers["GET /api/me/feeds"] = feedList([], false);
    renderAt(<MemberFeedsPage />, { me: member });
    const notice = await screen.findByText(/its operator has switched the feature off/);
    expect(notice.getAttribute("role")).toBe("status");
    expect(screen.queryByRole("form", { name: "Add a feed" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Export OPML/ })).toBeNull();
  });

  it("adds a feed by a site's address: busy while it is found, a toast naming it, and it joins the list", async () => {
    let feeds = [memberFeed(1)];
    api.answers["GET /api/me/feeds"] = () => feedList(feeds)();
    let answer: (response: Response) => void = () => {};
    api.answers["POST /api/me/feeds"] = () => new Promise<Response>((resolve) => (answer = resolve));
    renderAt(<MemberFeedsPage />, { me: member });
    await screen.findByRole("form", { name: "Add a feed" });

    add("  https://quietchain.example/  ");
    const busy = await screen.findByRole("button", { name: "Adding…" });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(api.asked("POST /api/me/feeds")[0]?.body).toEqual({ address: "https://quietchain.example/" });

    const added = memberFeed(2, {
      title: "Quiet Chain",
      url: "https://quietchain.example/feed.xml",
      siteUrl: "https://quietchain.example/",
    });
    feeds = [...feeds, added];
    answer(json({ feed: added }, 201));
    expect(await within(followed()).findByRole("link", { name: "Quiet Chain" })).toBeInTheDocument();
    await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe("Following Quiet Chain"));
    expect(addressField()).toHaveProperty("value", "");
    expect(screen.getByText("2 of 50")).toBeInTheDocument();
    // The list is read again after the change (other devices' changes come with it).
    await waitFor(() => expect(api.asked("GET /api/me/feeds").length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's refusal beside the field, in its words", async () => {
    api.answers["GET /api/me/feeds"] = feedList([]);
    api.answers["POST /api/me/feeds"] = () => apiError(400, "invalid_request", "That page has no feed link");
    renderAt(<MemberFeedsPage />, { me: member });
    await screen.findByRole("form", { name: "Add a feed" });
    add("https://plain.example/");
    await screen.findByText("That page has no feed link");
    const field = addressField();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const described = field.getAttribute("aria-describedby") ?? "";
    expect(described.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain(
      "That page has no feed link",
    );
    // The typed address stays, to be corrected.
    expect(field).toHaveProperty("value", "https://plain.example/");
  });

  it("shows a validation answer's message for the address field beside it", async () => {
    api.answers["GET /api/me/feeds"] = feedList([]);
    api.answers["POST /api/me/feeds"] = () =>
      apiError(400, "invalid_request", "Invalid request. body.address: The address must be at most 2048 characters");
    renderAt(<MemberFeedsPage />, { me: member });
    await screen.findByRole("form", { name: "Add a feed" });
    add("https://long.example/");
    expect(await screen.findByText("The address must be at most 2048 characters")).toBeInTheDocument();
  });

  it("at the limit, says to remove a feed first and sends nothing", async () => {
    api.answers["GET /api/me/feeds"] = feedList(Array.from({ length: 50 }, (_, i) => memberFeed(i + 1)));
    renderAt(<MemberFeedsPage />, { me: member });
    await screen.findByText("50 of 50");
    expect(screen.getByText("You follow 50 feeds, the most allowed — remove one first.")).toBeInTheDocument();
    expect(addressField().hasAttribute("disabled")).toBe(true);
    const submit = screen.getByRole("button", { name: "Add feed" });
    expect(submit.hasAttribute("disabled")).toBe(true);
    fireEvent.submit(screen.getByRole("form", { name: "Add a feed" }));
    expect(api.asked("POST /api/me/feeds")).toEqual([]);
  });

  it("removes a feed only once the member confirms, and keeps it when they change their mind", async () => {
    let feeds = [memberFeed(1), memberFeed(2, { title: "Quiet Chain" })];
    api.answers["GET /api/me/feeds"] = () => feedList(feeds)();
    api.answers["DELETE /api/me/feeds/mf-000000000002"] = () => {
      feeds = feeds.filter((feed) => feed.key !== "mf-000000000002");
      return new Response(null, { status: 204 });
    };
    renderAt(<MemberFeedsPage />, { me: member });
    const row = (
      await within(await screen.findByRole("list", { name: "Feeds you follow" })).findByRole("link", {
        name: "Quiet Chain",
      })
    ).closest("li") as HTMLElement;

    fireEvent.click(within(row).getByRole("button", { name: "Remove Quiet Chain" }));
    const question = within(row).getByRole("group", { name: "Remove Quiet Chain?" });
    expect(document.activeElement).toBe(within(question).getByRole("button", { name: "Remove feed" }));
    fireEvent.click(within(question).getByRole("button", { name: "Keep it" }));
    expect(api.asked("DELETE /api/me/feeds/mf-000000000002")).toEqual([]);
    expect(document.activeElement).toBe(within(row).getByRole("button", { name: "Remove Quiet Chain" }));

    fireEvent.click(within(row).getByRole("button", { name: "Remove Quiet Chain" }));
    fireEvent.click(within(row).getByRole("button", { name: "Remove feed" }));
    await waitFor(() => expect(within(followed()).queryByRole("link", { name: "Quiet Chain" })).toBeNull());
    expect(api.asked("DELETE /api/me/feeds/mf-000000000002")).toHaveLength(1);
    expect(screen.getByText("1 of 50")).toBeInTheDocument();
    await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe("Stopped following Quiet Chain"));
  });

  it("keeps the feed and says why when removing fails", async () => {
    api.answers["GET /api/me/feeds"] = feedList([memberFeed(1)]);
    api.answers["DELETE /api/me/feeds/mf-000000000001"] = () => apiError(503, "unavailable", "Service unavailable");
    renderAt(<MemberFeedsPage />, { me: member });
    fireEvent.click(await screen.findByRole("button", { name: "Remove Feed 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove feed" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Service unavailable");
    expect(within(followed()).getByRole("link", { name: "Feed 1" })).toBeInTheDocument();
  });
});

describe("OPML", () => {
  it("offers the member's feeds as an OPML download", async () => {
    api.answers["GET /api/me/feeds"] = feedList([memberFeed(1)]);
    renderAt(<MemberFeedsPage />, { me: member });
    const link = await screen.findByRole("link", { name: "Export OPML" });
    expect(link.getAttribute("href")).toBe("/api/me/feeds.opml");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("imports a file's text and reports each line, with totals", async () => {
    let feeds = [memberFeed(1)];
    api.answers["GET /api/me/feeds"] = () => feedList(feeds)();
    api.answers["POST /api/me/feeds/opml"] = () => {
      feeds = [...feeds, memberFeed(2, { title: "Quiet Chain" })];
      return json({
        lines: [
          {
            line: 4,
            address: "https://quietchain.example/rss",
            title: "Quiet Chain",
            result: "added",
            reason: "Added",
          },
          {
            line: 5,
            address: "https://site1.example/feed.xml",
            title: "Feed 1",
            result: "skipped",
            reason: "Already following",
          },
          {
            line: 6,
            address: "ftp://old.example/feed",
            title: null,
            result: "refused",
            reason: "Not an http(s) address",
          },
        ],
        added: 1,
        skipped: 1,
        refused: 1,
      });
    };
    renderAt(<MemberFeedsPage />, { me: member });
    await screen.findByRole("link", { name: "Export OPML" });
    const opml =
      '<?xml version="1.0"?>\n<opml version="2.0"><body><outline xmlUrl="https://quietchain.example/rss"/></body></opml>';
    chooseFile(new File([opml], "feeds.opml", { type: "text/x-opml" }));

    const table = await screen.findByRole("table", { name: "Import done: 1 added, 1 skipped, 1 refused." });
    expect(api.asked("POST /api/me/feeds/opml")[0]?.body).toEqual({ opml });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["4", "Quiet Chainhttps://quietchain.example/rss", "AddedAdded"],
      ["5", "Feed 1https://site1.example/feed.xml", "SkippedAlready following"],
      ["6", "ftp://old.example/feed", "RefusedNot an http(s) address"],
    ]);
    // The new feed joins the list.
    expect(await within(followed()).findByRole("link", { name: "Quiet Chain" })).toBeInTheDocument();
  });

  it("refuses a file over the size limit before sending it", async () => {
    api.answers["GET /api/me/feeds"] = feedList([]);
    renderAt(<MemberFeedsPage />, { me: member });
    await screen.findByRole("link", { name: "Export OPML" });
    chooseFile(new File([new Uint8Array(MAX_OPML_BYTES + 1)], "huge.opml"));
    expect((await screen.findByRole("alert")).textContent).toBe("The OPML file must be at most 1 MB");
    expect(api.asked("POST /api/me/feeds/opml")).toEqual([]);
  });

  it("refuses an empty file before sending it", async () => {
    api.answers["GET /api/me/feeds"] = feedList([]);
    renderAt(<MemberFeedsPage />, { me: member });
    await screen.findByRole("link", { name: "Export OPML" });
    chooseFile(new File([], "empty.opml"));
    expect((await screen.findByRole("alert")).textContent).toBe("The OPML file is empty");
    expect(api.asked("POST /api/me/feeds/opml")).toEqual([]);
  });

  it("shows the server's refusal of a file", async () => {
    api.answers["GET /api/me/feeds"] = feedList([]);
    api.answers["POST /api/me/feeds/opml"] = () => apiError(400, "invalid_request", "The file is not OPML");
    renderAt(<MemberFeedsPage />, { me: member });
    await screen.findByRole("link", { name: "Export OPML" });
    chooseFile(new File(["hello"], "notes.xml"));
    expect((await screen.findByRole("alert")).textContent).toBe("The file is not OPML");
    expect(screen.queryByRole("table")).toBeNull();
  });
});
