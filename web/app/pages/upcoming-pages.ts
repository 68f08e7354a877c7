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
  { path: paths.team, title: "Team", summary: "The people who build Gemwire." },
];
