import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "../../paths.ts";
import { UpcomingPage } from "./upcoming-page.tsx";
import { upcomingPages } from "./upcoming-pages.ts";

describe("an upcoming page", () => {
  it("links to the pages that belong with it meanwhile", () => {
    render(
      <MemoryRouter>
        <UpcomingPage
          page={{
            path: paths.team,
            title: "Team",
            summary: "Soon.",
            related: [{ to: paths.leaderboard, label: "See the GEMS leaderboard" }],
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText("Coming soon")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See the GEMS leaderboard" }).getAttribute("href")).toBe(paths.leaderboard);
  });

  it("is no longer what Blurts, Notifications, the Blog or Search Trends show", () => {
    const upcoming = upcomingPages.map((page) => page.path);
    expect(upcoming).not.toContain(paths.blurts);
    expect(upcoming).not.toContain(paths.notifications);
    expect(upcoming).not.toContain(paths.blog);
    expect(upcoming).not.toContain(paths.searchTrends);
  });
});
