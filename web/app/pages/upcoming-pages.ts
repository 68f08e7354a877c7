import { paths } from "../../paths.ts";

export type UpcomingPage = {
  path: string;
  title: string;
  summary: string;
  /** Pages that already exist and belong with this one, linked meanwhile. */
  related?: ReadonlyArray<{ to: string; label: string }>;
};

/**
 * Routes whose content arrives in later work. Each still has its proper title and says
 * plainly what it will show.
 */
export const upcomingPages: readonly UpcomingPage[] = [
  {
    path: paths.blurts,
    title: "Blurts",
    summary: "A timeline of members' comments and GEMS predictions, filterable by kind and outcome.",
    related: [{ to: paths.leaderboard, label: "See the GEMS leaderboard" }],
  },
  {
    path: paths.notifications,
    title: "Notifications",
    summary: "Replies and activity that concern you, with unread ones highlighted.",
  },
  { path: paths.blog, title: "Blog", summary: "Posts from the Gemwire team." },
  {
    path: paths.searchTrends,
    title: "Search Trends",
    summary: "What people search for right now in the US, UK, Canada, Australia and India.",
  },
  { path: paths.team, title: "Team", summary: "The people who build Gemwire." },
];
