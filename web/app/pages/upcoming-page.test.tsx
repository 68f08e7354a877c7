import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "../../paths.ts";
import { UpcomingPage } from "./upcoming-page.tsx";
import { upcomingPages } from "./upcoming-pages.ts";

describe("an upcoming page", () => {
  it("Blurts links to the GEMS leaderboard meanwhile (issue 13)", () => {
    const blurts = upcomingPages.find((page) => page.path === paths.blurts);
    expect(blurts).toBeDefined();
    render(
      <MemoryRouter>
        <UpcomingPage page={blurts as NonNullable<typeof blurts>} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "See the GEMS leaderboard" }).getAttribute("href")).toBe(paths.leaderboard);
  });
});
