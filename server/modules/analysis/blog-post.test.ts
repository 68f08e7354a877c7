import { describe, expect, it, vi } from "vitest";
import type { Analysis } from "../../../contracts/analysis-catalog.ts";
import { useTestApp } from "../../test/app.ts";
import { storeBlogPost } from "../../test/blog-posts.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

/*
 * A blog post holds up to 100,000 characters: its sentences are split and ranked in the
 * analysis worker, like a page's, never on the main thread. Here the main thread's
 * key-point ranking fails outright; the worker loads its own, so the analysis must still
 * come back whole.
 */

vi.mock("../../lib/text/key-points.ts", async (original) => ({
  ...(await original<typeof import("../../lib/text/key-points.ts")>()),
  keyPoints: () => {
    throw new Error("key points were ranked on the main thread");
  },
}));

const SENTENCES = [
  "Validators on the network voted to raise the block size after months of debate among developers and operators.",
  "The change lets each block carry more transactions, which should lower fees during the busiest hours of trading.",
  "Critics warned that larger blocks make it harder for hobbyists to run a validator on ordinary home hardware.",
  "Developers answered that the new limit was tested for weeks on a public test network without any failures.",
];

describe.each(testDatabaseTargets())("a blog post's analysis on $dialect", (target) => {
  const setup = useTestApp(target, {
    env: { PRICE_API_URL: "http://127.0.0.1:1/api/v3" },
    seed: async (database) => {
      // A long post: its paragraphs many times over.
      const content = Array.from({ length: 40 }, () => SENTENCES.join(" ")).join("\n\n");
      await storeBlogPost(database, {
        id: "post-worker",
        slug: "bigger-blocks",
        title: "Bigger blocks, lower fees",
        excerpt: "The vote.",
        content,
        updated_at: 1,
      });
    },
  });

  it("ranks the post's sentences in the worker thread", async () => {
    const response = await setup.app.inject({ url: "/api/analysis?url=%2Fblog%2Fbigger-blocks" });
    expect(response.statusCode, response.body).toBe(200);
    const analysis: Analysis = response.json();
    expect(analysis.story_title).toBe("Bigger blocks, lower fees");
    expect(analysis.key_points.length).toBeGreaterThanOrEqual(3);
    for (const point of analysis.key_points) expect(SENTENCES).toContain(point.text);
  });
});
