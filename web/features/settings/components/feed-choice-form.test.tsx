import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../../contracts/accounts.ts";
import { DEGEN_FEED_ORDER, type FeedSettings, feedSettingsForDegen } from "../../../../contracts/feed-settings.ts";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { EditFeedsDialog } from "./edit-feeds-dialog.tsx";
import { FeedSettingsPanel } from "./feed-settings-panel.tsx";

const member: Me = { user: { id: "u1", handle: "satoshi", username: null, email: null, avatar: null }, admin: false };

/** A member's own order, unlike the catalog's (bitcoin, gemwire, news, …). */
const saved: FeedSettings = {
  degenMode: false,
  enabledFeeds: ["news", "bitcoin", "xfeed"],
  feedOrder: [
    "news",
    "bitcoin",
    "xfeed",
    "gemwire",
    "market",
    "search",
    "nftart",
    "instagram",
    "tiktok",
    "youtube",
    "animalmemes",
  ],
};
const savedTitles = [
  "Latest News",
  "Bitcoin News",
  "X Feed",
  "Gemwire",
  "Market Analysis",
  "Targeted Search",
  "NFT/Art",
  "Instagram",
  "TikTok",
  "YouTube",
  "Animal Memes",
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let putAnswer: (body: unknown) => Response;
let fetchMock: ReturnType<typeof vi.fn>;
const puts = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === "/api/settings/feeds" && (init as RequestInit | undefined)?.method === "PUT")
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

/** The server's copy: what GET answers and a successful PUT replaces. */
let stored: FeedSettings;
beforeEach(() => {
  stored = saved;
  putAnswer = (body) => {
    stored = { degenMode: false, ...(body as Omit<FeedSettings, "degenMode">) };
    return json(stored);
  };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/settings") return json(stored);
    if (url === "/api/settings/feeds") return putAnswer(JSON.parse(String(init?.body)));
    if (url === "/api/settings/degen-mode") {
      stored = feedSettingsForDegen(JSON.parse(String(init?.body)).degenMode);
      return json(stored);
    }
    return json({}, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

function renderIn(place: "settings" | "dashboard") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["me"], member);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        {place === "settings" ? <FeedSettingsPanel /> : <EditFeedsDialog open onClose={onClose} />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, onClose };
}

const chooser = () => screen.findByRole("form", { name: "Choose and order feeds" });
const titlesIn = (form: HTMLElement) =>
  within(form)
    .getAllByRole("listitem")
    .map((item) => item.querySelector("label")?.textContent?.replace("(Always enabled)", ""));

describe("the one feed chooser, in Settings and in the dashboard's Edit RSS Feeds", () => {
  it.each(["settings", "dashboard"] as const)("lists the feeds in the member's order (%s)", async (place) => {
    renderIn(place);
    const form = await chooser();
    expect(titlesIn(form)).toEqual(savedTitles);
    const bitcoin = within(form).getByRole("checkbox", { name: /Bitcoin News/ }) as HTMLInputElement;
    expect(bitcoin.checked).toBe(true);
    expect(bitcoin.disabled).toBe(true);
    expect(within(form).getByText("(Always enabled)")).toBeInTheDocument();
    expect(within(form).queryByRole("button", { name: "Save Changes" })).toBeNull();
  });

  it.each(["settings", "dashboard"] as const)(
    "reorders and saves with 'Save Changes', which appears only after a change (%s)",
    async (place) => {
      const { onClose } = renderIn(place);
      const form = await chooser();
      fireEvent.click(within(form).getByRole("button", { name: "Move X Feed up" }));
      fireEvent.click(within(form).getByRole("checkbox", { name: "Gemwire" }));
      expect(titlesIn(form).slice(0, 3)).toEqual(["Latest News", "X Feed", "Bitcoin News"]);
      fireEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
      await waitFor(() => expect(puts()).toHaveLength(1));
      expect(puts()[0]).toEqual({
        enabledFeeds: ["news", "xfeed", "bitcoin", "gemwire"],
        feedOrder: ["news", "xfeed", "bitcoin", ...saved.feedOrder.slice(3)],
      });
      await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe("Feed settings saved"));
      if (place === "dashboard") expect(onClose).toHaveBeenCalled();
      else expect(within(form).queryByRole("button", { name: "Save Changes" })).toBeNull();
    },
  );

  it.each(["settings", "dashboard"] as const)(
    "puts the saved choice back with a toast when saving fails, keeping the change to try again (%s)",
    async (place) => {
      putAnswer = () => json({ error: { code: "internal_error", message: "Something went wrong" } }, 500);
      const { client, onClose } = renderIn(place);
      const form = await chooser();
      fireEvent.click(within(form).getByRole("button", { name: "Move Bitcoin News up" }));
      fireEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
      await waitFor(() =>
        expect(toastStore.getSnapshot()[0]).toMatchObject({
          title: "Failed to update feed settings",
          variant: "destructive",
        }),
      );
      expect(client.getQueryData<FeedSettings>(["settings", "u1"])?.feedOrder).toEqual(saved.feedOrder);
      expect(onClose).not.toHaveBeenCalled();
      expect(titlesIn(form).slice(0, 2)).toEqual(["Bitcoin News", "Latest News"]);
      expect(within(form).getByRole("button", { name: "Save Changes" })).toBeInTheDocument();
    },
  );

  it("Cancel puts the saved choice back in Settings", async () => {
    renderIn("settings");
    const form = await chooser();
    fireEvent.click(within(form).getByRole("button", { name: "Move Latest News down" }));
    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(titlesIn(form)).toEqual(savedTitles);
    expect(within(form).queryByRole("button", { name: "Cancel" })).toBeNull();
    expect(puts()).toEqual([]);
  });

  it("Cancel closes the dashboard's dialog", async () => {
    const { onClose } = renderIn("dashboard");
    const form = await chooser();
    fireEvent.click(within(form).getByRole("button", { name: "Move Latest News down" }));
    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalled();
    expect(puts()).toEqual([]);
  });

  it("starts again from what degen mode set when it is switched on in Settings", async () => {
    renderIn("settings");
    const form = await chooser();
    fireEvent.click(screen.getByRole("switch", { name: "Degen mode" }));
    await waitFor(() =>
      expect(
        within(screen.getByRole("form", { name: "Choose and order feeds" })).getAllByRole("checkbox", {
          checked: true,
        }),
      ).toHaveLength(11),
    );
    const now = screen.getByRole("form", { name: "Choose and order feeds" });
    expect(now).not.toBe(form);
    expect(titlesIn(now)[0]).toBe("Gemwire");
    expect(DEGEN_FEED_ORDER[0]).toBe("gemwire");
  });
});
