import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { sampleBoard } from "../pump-vision-data.ts";
import { PumpTokenCard } from "./pump-vision-card.tsx";

const lastToast = () => toastStore.getSnapshot()[0];
const token = sampleBoard.new[0];
if (!token) throw new Error("the sample board has no new creations");

afterEach(() => vi.unstubAllGlobals());

describe("PumpTokenCard", () => {
  it("shows the token's symbol, name, age, holder shares and stats", () => {
    render(
      <PumpTokenCard token={{ ...token, ageMinutes: 125, top10Percent: 24.5, devPercent: 3, sniperPercent: 0 }} />,
    );
    const card = screen.getByRole("article", { name: `${token.name} (${token.symbol})` });
    for (const text of [token.symbol, token.name, "2h", "Top 10 24.5%", "Dev 3%", "Sniper 0%", "Holders", "Comments"]) {
      expect(card.textContent).toContain(text);
    }
  });

  it("copies the contract address from the symbol, with its toast", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<PumpTokenCard token={token} />);
    fireEvent.click(screen.getByRole("button", { name: `${token.symbol}: copy contract address` }));
    await waitFor(() => expect(lastToast()?.title).toBe("Contract Address Copied"));
    expect(writeText).toHaveBeenCalledWith(token.address);
  });

  it("says so, with the address to copy by hand, when copying fails", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error("no"))) },
    });
    render(<PumpTokenCard token={token} />);
    fireEvent.click(screen.getByRole("button", { name: `${token.symbol}: copy contract address` }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: "Could not copy the contract address", variant: "destructive" }),
    );
    expect(lastToast()?.description).toContain(token.address);
  });

  it("quick-buys $5 only as a plainly labelled simulation", () => {
    render(<PumpTokenCard token={token} />);
    fireEvent.click(screen.getByRole("button", { name: `$5 quick-buy ${token.symbol} (simulated)` }));
    expect(lastToast()).toMatchObject({
      title: `Simulated buy: $5 of ${token.symbol}`,
      description: "Pump Vision is sample data — no real trade happened.",
    });
  });
});
