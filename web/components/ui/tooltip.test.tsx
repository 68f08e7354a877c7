import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip } from "./tooltip.tsx";

function Trigger({ label }: { label: string }) {
  return (
    <Tooltip content={`${label} topics`}>
      {(props) => (
        <button type="button" {...props}>
          {label}
        </button>
      )}
    </Tooltip>
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("Tooltip (delay 700 ms, skip delay 300 ms)", () => {
  it("opens only after the delay, on hover or focus, and describes its trigger", () => {
    render(<Trigger label="Bitcoin" />);
    const button = screen.getByRole("button", { name: "Bitcoin" });
    fireEvent.pointerEnter(button);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole("tooltip")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("tooltip").textContent).toBe("Bitcoin topics");
    expect(button.getAttribute("aria-describedby")).toBe(screen.getByRole("tooltip").id);
    // The pointer can move onto the tooltip without losing it.
    fireEvent.pointerLeave(button);
    fireEvent.pointerEnter(screen.getByRole("tooltip"));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
    fireEvent.pointerLeave(screen.getByRole("tooltip"));
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole("tooltip")).toBeNull();

    fireEvent.focus(button);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("toggles on a tap, for touch screens", () => {
    render(<Trigger label="Bitcoin" />);
    const button = screen.getByRole("button", { name: "Bitcoin" });
    fireEvent.click(button);
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
    fireEvent.click(button);
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("opens the next tooltip at once when moved to within the skip delay", () => {
    render(
      <>
        <Trigger label="One" />
        <Trigger label="Two" />
      </>,
    );
    fireEvent.pointerEnter(screen.getByRole("button", { name: "One" }));
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    fireEvent.pointerLeave(screen.getByRole("button", { name: "One" }));
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 50));
    expect(screen.queryByRole("tooltip")).toBeNull();
    fireEvent.pointerEnter(screen.getByRole("button", { name: "Two" }));
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole("tooltip").textContent).toBe("Two topics");
  });
});
