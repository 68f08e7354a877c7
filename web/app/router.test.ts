import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { pageRoutes } from "../../contracts/pages.ts";
import { BlogPage } from "../features/content/components/blog-page.tsx";
import { SearchTrendsPage } from "../features/trends/components/search-trends-page.tsx";
import { AdminWithContentPage } from "./pages/admin-page.tsx";
import { BlogPostWithCommentsPage } from "./pages/blog-post-page.tsx";
import { routes } from "./router.tsx";

function pathsOf(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.index ? ["/"] : route.path && route.path !== "*" ? [route.path] : []),
    ...pathsOf(route.children ?? []),
  ]);
}

describe("the router", () => {
  // The server answers 404 for addresses outside contracts/pages.ts: a page missing there would 404.
  it("has exactly the pages the server knows", () => {
    expect(pathsOf(routes).sort()).toEqual([...pageRoutes].sort());
  });

  it("shows its 404 page for anything else", () => {
    expect(routes[0]?.children?.at(-1)?.path).toBe("*");
  });

  it.each([
    ["/blog", BlogPage],
    ["/blog/:slug", BlogPostWithCommentsPage],
    ["/admin", AdminWithContentPage],
    ["/google-trends", SearchTrendsPage],
  ])("shows the real page at %s, no longer a placeholder", async (path, component) => {
    const route = routes[0]?.children?.find((child) => child.path === path);
    const lazy = route?.lazy as (() => Promise<{ Component: unknown }>) | undefined;
    expect((await lazy?.())?.Component).toBe(component);
  });
});
