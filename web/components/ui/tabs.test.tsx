import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Tabs, tabAfter } from "./tabs.tsx";

function Example() {
  const [selected, setSelected] = useState<"a" | "b" | "c">("a");
  return (
    <Tabs
      label="Example"
      selected={selected}
      onSelect={setSelected}
      tabs={[
        { id: "a", label: "First", panel: <input aria-label="Draft" />, keepMounted: true },
        { id: "b", label: "Second", panel: <p>second panel</p> },
        { id: "c", label: "Third", panel: <p>third panel</p> },
      ]}
    />
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });

describe("Tabs", () => {
  it("moves with the arrow keys, wrapping, and Home and End", () => {
    expect(tabAfter(["a", "b", "c"], "a", "ArrowRight")).toBe("b");
    expect(tabAfter(["a", "b", "c"], "c", "ArrowRight")).toBe("a");
    expect(tabAfter(["a", "b", "c"], "a", "ArrowLeft")).toBe("c");
    expect(tabAfter(["a", "b", "c"], "b", "End")).toBe("c");
    expect(tabAfter(["a", "b", "c"], "b", "Home")).toBe("a");
    expect(tabAfter(["a", "b", "c"], "b", "Enter")).toBeUndefined();
  });

  it("keeps only the selected tab in the Tab order, and arrows select and focus the next", () => {
    render(<Example />);
    expect(tab("First").getAttribute("aria-selected")).toBe("true");
    expect([tab("First"), tab("Second"), tab("Third")].map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    tab("First").focus();
    fireEvent.keyDown(tab("First"), { key: "ArrowLeft" });
    expect(tab("Third").getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(tab("Third"));
    expect(screen.getByRole("tabpanel", { name: "Third" }).textContent).toBe("third panel");
    fireEvent.keyDown(tab("Third"), { key: "Home" });
    expect(document.activeElement).toBe(tab("First"));
    expect(tab("First").tabIndex).toBe(0);
  });

  it("moves on from the focused tab while the last move is still being selected", () => {
    const onSelect = vi.fn();
    render(
      <Tabs
        label="Slow"
        selected="a"
        onSelect={onSelect}
        tabs={["a", "b", "c"].map((id) => ({ id, label: id.toUpperCase(), panel: id }))}
      />,
    );
    fireEvent.keyDown(tab("A"), { key: "ArrowRight" });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowRight" });
    expect(onSelect.mock.calls).toEqual([["b"], ["c"]]);
    expect(document.activeElement).toBe(tab("C"));
  });

  it("keeps what was typed in a keepMounted panel while another tab is shown", () => {
    render(<Example />);
    fireEvent.change(screen.getByLabelText("Draft"), { target: { value: "half-written" } });
    fireEvent.click(tab("Second"));
    expect(screen.getByRole("tabpanel", { name: "Second" })).toBeInTheDocument();
    expect(screen.queryByRole("tabpanel", { name: "First" })).toBeNull(); // hidden
    fireEvent.click(tab("First"));
    expect(screen.getByLabelText("Draft")).toHaveProperty("value", "half-written");
    // A panel not kept is gone while hidden.
    expect(screen.queryByText("second panel")).toBeNull();
  });
});
