import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { noFilters, type PumpFilters } from "../pump-vision-filters.ts";
import { PumpFilterPanel } from "./pump-vision-filter-panel.tsx";

function renderPanel(filters: PumpFilters = noFilters) {
  const handlers = { onApply: vi.fn(), onReset: vi.fn(), onClose: vi.fn() };
  render(<PumpFilterPanel columnTitle="Graduated" filters={filters} {...handlers} />);
  return handlers;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("PumpFilterPanel", () => {
  it("is a labelled dialog with the toggles and ranges", () => {
    renderPanel();
    expect(screen.getByRole("dialog", { name: "Filter Graduated" })).toBeInTheDocument();
    for (const name of ["Pump.fun tokens", "Moonshot tokens", "Top 10 holders ≤ 30%", "At least 1 social"]) {
      expect(screen.getByRole("switch", { name })).toBeInTheDocument();
    }
    for (const range of [
      "Bonding curve (%)",
      "Dev holding (%)",
      "Holders",
      "Liquidity ($)",
      "Volume ($)",
      "Market cap ($)",
      "Token age (minutes)",
    ]) {
      expect(screen.getByLabelText(`${range} minimum`)).toBeInTheDocument();
      expect(screen.getByLabelText(`${range} maximum`)).toBeInTheDocument();
    }
  });

  it("applies what was chosen", () => {
    const { onApply } = renderPanel();
    fireEvent.click(screen.getByRole("switch", { name: "Moonshot tokens" }));
    fireEvent.click(screen.getByRole("switch", { name: "Top 10 holders ≤ 30%" }));
    type("Token age (minutes) maximum", "90");
    type("Holders minimum", "250");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).toHaveBeenCalledWith({
      launchpads: ["moonshot"],
      top10: true,
      social: false,
      ranges: { age: { max: 90 }, holders: { min: 250 } },
    });
  });

  it("opens with the filters in force", () => {
    renderPanel({ launchpads: ["pumpfun"], top10: false, social: true, ranges: { volume: { min: 1000 } } });
    expect((screen.getByRole("switch", { name: "Pump.fun tokens" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("switch", { name: "At least 1 social" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Volume ($) minimum") as HTMLInputElement).value).toBe("1000");
  });

  it("refuses a min above max and bad numbers, says why beside the field, and applies nothing", () => {
    const { onApply } = renderPanel();
    type("Market cap ($) minimum", "50000");
    type("Market cap ($) maximum", "100");
    type("Dev holding (%) maximum", "-4");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByText("Market cap: the minimum is above the maximum.")).toBeInTheDocument();
    expect(screen.getByText("Dev holding: enter a number from 0 to 100.")).toBeInTheDocument();
    expect(screen.getByRole("alert").textContent).toContain("2 ranges need fixing; the filters were not applied.");
    const input = screen.getByLabelText("Market cap ($) maximum");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
      "minimum is above the maximum",
    );
  });

  it("resets", () => {
    const { onReset, onApply } = renderPanel({ ...noFilters, social: true });
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(onApply).not.toHaveBeenCalled();
  });
});
