import { describe, expect, it } from "vitest";
import { checkBoundaries, drawGraph } from "./check-boundaries.ts";

const edge = (from: string, to: string) => ({ from, to });
const problemsOf = (...edges: Array<{ from: string; to: string }>) => checkBoundaries(edges).problems;

describe("the architecture's import rules", () => {
  it("refuses each broken rule, naming the file, what it imports and the rule", () => {
    const cases: Array<[string, { from: string; to: string }, RegExp]> = [
      ["web imports server", edge("web/lib/a.ts", "server/lib/b.ts"), /web never imports server/],
      ["contracts import the app", edge("contracts/a.ts", "server/errors.ts"), /contracts import nothing of the app/],
      [
        "a feature imports another",
        edge("web/features/stories/x.tsx", "web/features/feeds/y.tsx"),
        /a web feature never imports another/,
      ],
      [
        "lib imports a module",
        edge("server/lib/a.ts", "server/modules/feeds/b.ts"),
        /server\/lib never imports a module/,
      ],
      [
        "a plugin imports a module",
        edge("server/plugins/a.ts", "server/modules/accounts/index.ts"),
        /server\/plugins never imports a module/,
      ],
      [
        "a module reaches inside another",
        edge("server/modules/stories/a.ts", "server/modules/articles/repository.ts"),
        /through its public file \(server\/modules\/articles\/index\.ts or service\.ts\)/,
      ],
      [
        "a public file one folder down",
        edge("server/modules/stories/a.ts", "server/modules/articles/sub/index.ts"),
        /through its public file/,
      ],
    ];
    for (const [name, broken, rule] of cases) {
      const problems = problemsOf(broken);
      expect(problems, name).toHaveLength(1);
      expect(problems[0], name).toContain(`${broken.from} imports ${broken.to}`);
      expect(problems[0], name).toMatch(rule);
    }
  });

  it("lets a module in through its index.ts or service.ts, and a feature use shared code", () => {
    expect(
      problemsOf(
        edge("server/modules/stories/a.ts", "server/modules/articles/index.ts"),
        edge("server/modules/feeds/a.ts", "server/modules/stories/service.ts"),
        edge("server/modules/feeds/a.ts", "server/modules/feeds/parse/b.ts"),
        edge("server/jobs/feed-scheduler.ts", "server/modules/feeds/index.ts"),
        edge("web/features/feeds/a.tsx", "web/components/ui/button.tsx"),
        edge("web/app/pages/home.tsx", "web/features/feeds/index.ts"),
        edge("contracts/feeds.ts", "contracts/reading-catalog.ts"),
      ),
    ).toEqual([]);
  });

  it("lets tests and fixtures reach inside a module, but not across web and server", () => {
    expect(
      problemsOf(
        edge("server/modules/stories/a.test.ts", "server/modules/articles/repository.ts"),
        edge("server/modules/reader/fixtures/site.ts", "server/modules/analysis/fixtures/page.ts"),
        edge("server/test/app.ts", "server/modules/feeds/refresh.ts"),
      ),
    ).toEqual([]);
    expect(problemsOf(edge("web/test/render.tsx", "server/app.ts"))).toHaveLength(1);
  });

  it("finds a cycle between modules, however long, and only counts production imports", () => {
    const problems = problemsOf(
      edge("server/modules/a/x.ts", "server/modules/b/index.ts"),
      edge("server/modules/b/x.ts", "server/modules/c/index.ts"),
      edge("server/modules/c/x.ts", "server/modules/a/index.ts"),
      edge("server/modules/d/x.ts", "server/modules/a/index.ts"),
      edge("server/modules/a/x.test.ts", "server/modules/d/index.ts"),
    );
    expect(problems).toEqual(["these modules import one another in a cycle: a, b, c"]);
  });

  it("draws each module one floor above the highest module it imports", () => {
    const { graph } = checkBoundaries([
      edge("server/modules/feeds/x.ts", "server/modules/stories/index.ts"),
      edge("server/modules/stories/x.ts", "server/modules/articles/index.ts"),
      edge("server/modules/feeds/x.ts", "server/modules/articles/index.ts"),
    ]);
    expect(drawGraph(graph, ["articles", "feeds", "health", "stories"])).toBe(
      [
        "floor 2",
        "  feeds → articles, stories",
        "floor 1",
        "  stories → articles",
        "floor 0",
        "  articles",
        "  health",
      ].join("\n"),
    );
  });
});
