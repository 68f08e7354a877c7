import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PumpVisionPage } from "./pump-vision-page.tsx";

function renderPage(url = "/pump-vision") {
  const router = createMemoryRouter([{ path: "/pump-vision", element: <PumpVisionPage /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

const column = (name: string) => screen.getByRole("region", { name });
const cardCount = (name: string) => within(column(name)).queryAllByRole("article").length;

describe("PumpVisionPage", () => {
  it("labels the board as sample data", () => {
    renderPage();
    expect(screen.getByRole("note").textContent).toContain("Sample data.");
  });

  it("reads each column's filters from the address and shows the count on its Filter button", () => {
    renderPage("/pump-vision?graduating.social=1&graduating.pumpfun=1&new.minHolders=oops");
    expect(cardCount("New Creations")).toBe(10);
    expect(cardCount("About to Graduate")).toBeLessThan(10);
    expect(screen.getByRole("button", { name: "Filter About to Graduate, 2 active" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Filter New Creations" })).toBeInTheDocument();
  });

  it("empties a column with a message and a reset that clears only that column", () => {
    const router = renderPage("/pump-vision?graduated.maxAge=0&new.social=1");
    const graduated = column("Graduated");
    expect(within(graduated).getByText("No tokens match these filters")).toBeInTheDocument();
    fireEvent.click(within(graduated).getByRole("button", { name: "Reset" }));
    expect(cardCount("Graduated")).toBe(10);
    expect(router.state.location.search).toBe("?new.social=1");
  });

  it("switches the small screens' column with the tab bar and arrow keys", () => {
    renderPage();
    const tab = (name: string) => screen.getByRole("tab", { name });
    expect(tab("New Creations").getAttribute("aria-selected")).toBe("true");
    expect(column("Graduated").className).toMatch(/(^| )hidden( |$)/);
    fireEvent.keyDown(tab("New Creations"), { key: "ArrowLeft" });
    expect(tab("Graduated").getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(tab("Graduated"));
    expect(column("Graduated").className).not.toMatch(/(^| )hidden( |$)/);
    expect(column("New Creations").className).toMatch(/(^| )hidden( |$)/);
    fireEvent.keyDown(tab("Graduated"), { key: "Home" });
    expect(tab("New Creations").getAttribute("aria-selected")).toBe("true");
    expect(tab("Graduated").tabIndex).toBe(-1);
  });
});
