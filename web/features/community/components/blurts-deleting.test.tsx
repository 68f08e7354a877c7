import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Blurt } from "../../../../contracts/community.ts";
import { apiError, json, prediction } from "../../../test/api-fixtures.ts";
import { asMember, comment, hal, renderWith } from "../test/community.tsx";
import { BlurtsPage } from "./blurts-page.tsx";

/** Hal's own comments (so he may delete them) around satoshi's prediction. */
let timeline: Blurt[];
const deleted = new Set<string>();

beforeEach(() => {
  deleted.clear();
  vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(() => undefined);
  timeline = [
    { kind: "comment", comment: comment({ id: "c2", content: "newest" }) },
    { kind: "prediction", prediction: prediction({ id: "p1" }) },
    { kind: "comment", comment: comment({ id: "c1", content: "oldest" }) },
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const id = url.slice("/api/comments/".length);
      if (init?.method === "DELETE") {
        deleted.add(id);
        return new Response(null, { status: 204 });
      }
      if (url.startsWith("/api/blurts")) return json({ blurts: timeline, next: null });
      if (url.startsWith("/api/comments/") && !deleted.has(id)) return json(comment({ id, content: "pinned one" }));
      return apiError(404, "not_found", "Comment not found");
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderBlurts = (at = "/blurts") =>
  renderWith(<BlurtsPage renderPrediction={(p) => <p>{`${p.token} ${p.direction}`}</p>} />, {
    me: asMember(hal),
    at,
  });

/** Deletes the comment saying `text` the way a keyboard user would: Delete, then Delete to confirm. */
async function deleteComment(text: string) {
  const item = (await screen.findByText(text)).closest("article") as HTMLElement;
  fireEvent.click(within(item).getByRole("button", { name: "Delete" }));
  const confirm = within(item).getByRole("button", { name: "Delete" });
  confirm.focus();
  fireEvent.click(confirm);
  await waitFor(() => expect(screen.queryByText(text)).toBeNull());
}

const entries = () => within(screen.getByRole("list", { name: "Blurts" })).getAllByRole("listitem");
const heading = () => screen.getByRole("heading", { level: 1, name: "Blurts" });

describe("BlurtsPage: focus after deleting a comment", () => {
  it("goes to the entry that followed it", async () => {
    renderBlurts();
    await deleteComment("newest");
    await waitFor(() => expect(document.activeElement).toBe(entries()[0]));
    expect(entries()[0]?.textContent).toContain("BTC up");
  });

  it("goes to the entry before it when it was the last one", async () => {
    renderBlurts();
    await deleteComment("oldest");
    await waitFor(() => expect(document.activeElement).toBe(entries()[1]));
    expect(entries()[1]?.textContent).toContain("BTC up");
  });

  it("goes to the page heading when no entry is left", async () => {
    timeline = [{ kind: "comment", comment: comment({ id: "c1", content: "alone" }) }];
    renderBlurts();
    await deleteComment("alone");
    await waitFor(() => expect(document.activeElement).toBe(heading()));
  });

  it("goes to the page heading when the comment a notification opened (pinned on top) is deleted", async () => {
    renderBlurts("/blurts?comment=c9");
    await deleteComment("pinned one");
    await waitFor(() => expect(document.activeElement).toBe(heading()));
    expect(await screen.findByText("This comment was deleted.")).toBeInTheDocument();
  });
});
