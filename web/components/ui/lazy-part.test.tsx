import { render, screen } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it, vi } from "vitest";
import { LazyPart } from "./lazy-part.tsx";

describe("LazyPart", () => {
  it("shows the part once its code has loaded", async () => {
    const Part = lazy(async () => ({ default: () => <p>twenty coins</p> }));
    render(
      <LazyPart what="The price widget">
        <Part />
      </LazyPart>,
    );
    expect(await screen.findByText("twenty coins")).toBeInTheDocument();
  });

  it("says in its place that the part could not load, and keeps the rest of the page", async () => {
    // React reports the caught error to the console; expected here.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const Part = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(
      <main>
        <h1>Dashboard</h1>
        <LazyPart what="The price widget">
          <Part />
        </LazyPart>
      </main>,
    );
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /^The price widget could not load: you may be offline/,
    );
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    quiet.mockRestore();
  });
});
