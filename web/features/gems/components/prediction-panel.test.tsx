import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me, Member } from "../../../../contracts/accounts.ts";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { apiError, json, prediction } from "../../../test/api-fixtures.ts";
import { PredictionPanel } from "./prediction-panel.tsx";

const satoshi: Member = { id: "u1", handle: "satoshi", username: null, email: null, avatar: null };

let answerPlace: (body: unknown) => Response;
let balance = 1250;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url === "/api/gems") return json({ balance });
  if (url === "/api/predictions" && init?.method === "POST") return answerPlace(JSON.parse(String(init.body)));
  return apiError(404, "not_found", "Not found");
});
const posted = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([, init]) => JSON.parse(String(init?.body)));

function renderPanel({ user = satoshi, price = 100_000 }: { user?: Member | null; price?: number | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Me>(["me"], { user, admin: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/token/btc"]}>
        <PredictionPanel symbol="BTC" name="Bitcoin" price={price} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const panel = () => screen.getByRole("region", { name: "Predict Bitcoin" });
const figure = (label: string) =>
  within(screen.getByLabelText("Position"))
    .getAllByRole("term")
    .find((dt) => dt.textContent?.startsWith(label))?.nextElementSibling?.textContent;
const slider = () => screen.getByRole("slider", { name: "Leverage" });
const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });

beforeEach(() => {
  balance = 1250;
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  answerPlace = (body) => {
    const wager = (body as { wager: number }).wager;
    balance -= wager;
    return json({ prediction: prediction({ wager }), balance });
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

describe("PredictionPanel", () => {
  it("starts long, 50 GEMS, 20x, and shows the position's figures from the token's price", async () => {
    renderPanel();
    expect(screen.getByRole("radio", { name: /Long/ })).toHaveProperty("checked", true);
    expect(screen.getByLabelText("Payment (GEMS)")).toHaveProperty("value", "50");
    expect(slider()).toHaveProperty("value", "20");
    expect(slider().getAttribute("aria-valuetext")).toBe("20.0x");
    expect(figure("Entry price")).toBe("$100,000.00");
    expect(figure("Size")).toBe("$1,000.00");
    expect(figure("Token size")).toBe("0.01000000 BTC");
    expect(figure("Open fee (0.06%)")).toBe("$0.60");
    expect(figure("Price impact")).toBe("0.01%");
    expect(figure("Borrow rate")).toBe("0.0116% / h");
    expect(figure("Available liquidity")).toBe("$2,500,000.00");
    expect(figure("Liquidation price")).toBe("$95,000.00");
    expect(figure("Potential win")).toBe("100 GEMS");
    expect(await within(panel()).findByText(/You have 1,250 GEMS/)).toBeInTheDocument();
  });

  it("recomputes as the inputs change: short liquidates at 105%, size follows payment × leverage", () => {
    renderPanel();
    fireEvent.click(screen.getByRole("radio", { name: /Short/ }));
    expect(figure("Liquidation price")).toBe("$105,000.00");
    type("Payment (GEMS)", "200");
    fireEvent.click(screen.getByRole("button", { name: "Set leverage to 1.1x" }));
    expect(figure("Size")).toBe("$220.00");
    type("Target move (%)", "2.5");
    expect(figure("Potential win")).toBe("700 GEMS");
  });

  it("steps leverage by 1 with the buttons and by 0.1 on the slider, clamped at both ends", () => {
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: "Increase leverage by 1" }));
    expect(slider().getAttribute("aria-valuetext")).toBe("21.0x");
    fireEvent.change(slider(), { target: { value: "99.7" } });
    fireEvent.click(screen.getByRole("button", { name: "Increase leverage by 1" }));
    expect(slider().getAttribute("aria-valuetext")).toBe("100.0x");
    expect(screen.getByRole("button", { name: "Increase leverage by 1" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Set leverage to 1.1x" }));
    fireEvent.click(screen.getByRole("button", { name: "Increase leverage by 1" }));
    expect(slider().getAttribute("aria-valuetext")).toBe("2.1x");
    fireEvent.click(screen.getByRole("button", { name: "Decrease leverage by 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Decrease leverage by 1" }));
    expect(slider().getAttribute("aria-valuetext")).toBe("1.1x");
  });

  it("shows '—' for the price-based figures when the token has no price", () => {
    renderPanel({ price: null });
    expect(figure("Entry price")).toBe("—");
    expect(figure("Token size")).toBe("—");
    expect(figure("Liquidation price")).toBe("—");
    expect(figure("Size")).toBe("$1,000.00");
  });

  it("places the prediction with the payment as the wager and shows the new balance", async () => {
    const client = renderPanel();
    await within(panel()).findByText(/You have 1,250 GEMS/);
    fireEvent.click(screen.getByRole("radio", { name: /Short/ }));
    type("Payment (GEMS)", "100");
    type("Target move (%)", "1.25");
    fireEvent.click(screen.getByRole("button", { name: "1m" }));
    fireEvent.click(screen.getByRole("button", { name: "Place prediction" }));
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      "Prediction placed. Your balance is now 1,150 GEMS.",
    );
    expect(posted()).toEqual([{ token: "BTC", direction: "down", percentage: 1.25, timeFrame: "1m", wager: 100 }]);
    expect(toastStore.getSnapshot()[0]).toMatchObject({
      title: "Prediction placed",
      description: "Your balance is now 1,150 GEMS.",
    });
    await waitFor(() => expect(client.getQueryData(["gems", "balance"])).toEqual({ balance: 1150 }));
  });

  it("shows 'Failed to create prediction' with the server's reason, and the balance stays", async () => {
    answerPlace = () => apiError(503, "price_unavailable", "No fresh price for BTC right now; nothing was staked");
    renderPanel();
    await within(panel()).findByText(/You have 1,250 GEMS/);
    fireEvent.click(screen.getByRole("button", { name: "Place prediction" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to create prediction: No fresh price for BTC right now; nothing was staked",
    );
    expect(screen.queryByRole("status")).toBeNull();
  });

  it.each([
    ["Payment (GEMS)", "1251", "Payment cannot be more than your balance (1,250 GEMS)"],
    ["Payment (GEMS)", "2.5", "Payment must be a whole number of GEMS"],
    ["Target move (%)", "0", "Target must be more than 0%"],
    ["Target move (%)", "1.234", "Target may have at most 2 decimals"],
    ["Timeframe", "25h", "Timeframe must be between 1m and 24h"],
    ["Timeframe", "1d", "Timeframe must be whole minutes or hours, e.g. 5m or 1h"],
  ])("refuses %s %j before asking the server: %s", async (label, text, message) => {
    renderPanel();
    await within(panel()).findByText(/You have 1,250 GEMS/);
    type(label, text);
    expect(screen.getByLabelText(label).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(message)).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Place prediction" });
    expect(button).toHaveProperty("disabled", true);
    fireEvent.submit(button.closest("form") as HTMLFormElement);
    expect(posted()).toEqual([]);
  });

  it("shows a visitor the whole panel with a sign-in prompt instead of the button, asking nothing of /api/gems", () => {
    renderPanel({ user: null });
    expect(figure("Size")).toBe("$1,000.00");
    expect(screen.queryByRole("button", { name: "Place prediction" })).toBeNull();
    const signIn = screen.getByRole("link", { name: "Sign in to predict" });
    expect(signIn.getAttribute("href")).toBe("/login?next=%2Ftoken%2Fbtc");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain("/api/gems");
  });
});
