import { expect, test } from "@playwright/test";
import { routeHeadings } from "./routes.ts";

test.describe("every route renders", () => {
  for (const [path, heading] of routeHeadings) {
    test(`${path} shows "${heading}"`, async ({ page }) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(String(error)));
      page.on("console", (message) => {
        // A visitor's "who am I?" is answered 401 by design; the browser logs every 401.
        if (message.type() === "error" && !/status of 401/.test(message.text())) problems.push(message.text());
      });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} · Gemwire`);
      await expect(page.locator("html")).toHaveClass(/dark/);
      // Nothing blank and nothing blocked by the Content-Security-Policy.
      await expect(page.getByRole("main")).not.toBeEmpty();
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

  test("an unknown path shows a 404 page with a way home", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("/no/such/page")).toBeVisible();
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});
