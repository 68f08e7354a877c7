import { type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import { newMember, uniqueHandle } from "./members.ts";
import { routeHeadings } from "./routes.ts";

/** Every console warning or error and every uncaught exception on the page (the browser logs failed requests too). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  return problems;
}

/** Waits until the page has made its requests, so late console messages are caught too. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
}

test.describe("every route renders", () => {
  for (const [path, heading] of routeHeadings) {
    test(`${path} shows "${heading}"`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} · Gemwire`);
      await expect(page.locator("html")).toHaveClass(/dark/);
      // Nothing blank and nothing blocked by the Content-Security-Policy.
      await expect(page.getByRole("main")).not.toBeEmpty();
      await settle(page);
      expect(problems).toEqual([]);
    });
  }

  test("home shows the tagline", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Spot trending stories and scan Solana for AI suggested tickers")).toBeVisible();
  });

  test("an unknown token says so", async ({ page }) => {
    await page.goto("/token/NOPE");
    await expect(page.getByRole("heading", { level: 1, name: "Token not found" })).toBeVisible();
  });

  test("token symbols match case-insensitively", async ({ page }) => {
    await page.goto("/token/SoL");
    await expect(page.getByRole("heading", { level: 1, name: "Solana (SOL)" })).toBeVisible();
  });

  test("a blog address without a post says 'Post not found', with a way back to the blog", async ({ page }) => {
    await page.goto("/blog/no-such-post-here");
    await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
    await expect(page).toHaveTitle("Post not found · Gemwire");
    await page.getByRole("link", { name: "Back to the blog" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  });

  test("an unknown path shows a 404 page with a way home", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("/no/such/page")).toBeVisible();
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});

test.describe("every route as a member", () => {
  let member: BrowserContextOptions["storageState"];

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await newMember(browser, baseURL ?? "", uniqueHandle("routes"));
    member = await context.storageState();
    await context.close();
  });

  for (const [path] of routeHeadings) {
    test(`${path} logs no console warning or error`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, storageState: member });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("main")).not.toBeEmpty();
      await settle(page);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

test.describe("an address that is no page", () => {
  test("answers 404 with the app, which shows its 404 page without console noise", async ({ page }) => {
    const problems = watchConsole(page);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await settle(page);
    // The 404 of the page itself is the one the browser may log; nothing else.
    expect(problems.filter((problem) => !problem.includes("/no/such/page"))).toEqual([]);
  });

  test("while every page of the route list answers 200", async ({ request }) => {
    for (const [path] of routeHeadings) {
      expect((await request.get(path, { headers: { accept: "text/html" } })).status(), path).toBe(200);
    }
  });
});
