import { expect, type Page, test } from "@playwright/test";
import { sampleBoard } from "../web/features/market/pump-vision-data.ts";

const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const cards = (page: Page, name: string) => column(page, name).getByRole("article");
const messages = (page: Page) => page.getByRole("region", { name: "Messages" });

// A bound that keeps some New Creations and drops others, taken from the sample board itself.
const holders = sampleBoard.new.map((t) => t.stats.holders).sort((a, b) => a - b);
const minHolders = holders[Math.floor(holders.length / 3)] ?? 0;
const expected = sampleBoard.new.filter((t) => t.stats.holders >= minHolders && t.socials.length > 0);

test.describe("Pump Vision", () => {
  test("says it is sample data and shows three columns of cards", async ({ page }) => {
    await page.goto("/pump-vision");
    await expect(page.getByRole("heading", { level: 1, name: "Pump Vision" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("note")).toContainText("Sample data.");
    for (const name of ["New Creations", "About to Graduate", "Graduated"]) {
      await expect(cards(page, name)).toHaveCount(10);
    }
    await expect(page.getByRole("tablist", { name: "Pump Vision columns" })).toBeHidden();
  });

  test("filters a column, keeps the filters over a reload, refuses min above max, and resets", async ({ page }) => {
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(10);
    await page.goto("/pump-vision");
    await page.getByRole("button", { name: "Filter New Creations" }).click();
    const panel = page.getByRole("dialog", { name: "Filter New Creations" });
    await panel.getByLabel("Holders minimum").fill(String(minHolders));
    await panel.getByRole("switch", { name: "At least 1 social" }).check();
    await panel.getByRole("button", { name: "Apply" }).click();
    await expect(panel).toBeHidden();

    await expect(cards(page, "New Creations")).toHaveCount(expected.length);
    await expect(cards(page, "Graduated")).toHaveCount(10);
    await expect(page).toHaveURL(new RegExp(`new\\.social=1&new\\.minHolders=${minHolders}$`));
    await expect(page.getByRole("button", { name: "Filter New Creations, 2 active" })).toBeVisible();

    await page.reload();
    await expect(cards(page, "New Creations")).toHaveCount(expected.length);
    for (const token of expected) {
      await expect(
        column(page, "New Creations").getByRole("article", { name: `${token.name} (${token.symbol})` }),
      ).toBeVisible();
    }

    await page.getByRole("button", { name: "Filter New Creations, 2 active" }).click();
    await expect(panel.getByLabel("Holders minimum")).toHaveValue(String(minHolders));
    await expect(panel.getByRole("switch", { name: "At least 1 social" })).toBeChecked();
    await panel.getByLabel("Holders maximum").fill("1");
    await panel.getByRole("button", { name: "Apply" }).click();
    await expect(panel.getByText("Holders: the minimum is above the maximum.")).toBeVisible();
    await expect(panel.getByLabel("Holders maximum")).toHaveAttribute("aria-invalid", "true");
    await expect(page).not.toHaveURL(/maxHolders/);

    await panel.getByRole("button", { name: "Reset" }).click();
    await expect(panel).toBeHidden();
    await expect(cards(page, "New Creations")).toHaveCount(10);
    await expect(page).not.toHaveURL(/new\./);
    await expect(page.getByRole("button", { name: "Filter New Creations", exact: true })).toBeFocused();
  });

  test("an emptied column says so and offers a reset", async ({ page }) => {
    await page.goto("/pump-vision?graduated.minHolders=999999999");
    const graduated = column(page, "Graduated");
    await expect(graduated.getByText("No tokens match these filters")).toBeVisible();
    await expect(graduated.getByRole("article")).toHaveCount(0);
    await graduated.getByRole("button", { name: "Reset" }).click();
    await expect(cards(page, "Graduated")).toHaveCount(10);
    await expect(page).toHaveURL(/\/pump-vision$/);
  });

  test("ignores malformed filters in the address", async ({ page }) => {
    await page.goto("/pump-vision?new.minHolders=%3Cscript%3Ealert(1)%3C/script%3E&new.maxHolders=-1&new.top10=yes");
    await expect(cards(page, "New Creations")).toHaveCount(10);
    await expect(page.getByRole("button", { name: "Filter New Creations", exact: true })).toBeVisible();
  });

  test("the symbol copies the contract address; quick-buy only simulates", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/pump-vision");
    const token = sampleBoard.graduating[0];
    if (!token) throw new Error("the sample board has no tokens about to graduate");
    const card = column(page, "About to Graduate").getByRole("article", { name: `${token.name} (${token.symbol})` });
    await card.getByRole("button", { name: `${token.symbol}: copy contract address` }).click();
    await expect(messages(page)).toContainText("Contract Address Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token.address);

    await card.getByRole("button", { name: `$5 quick-buy ${token.symbol} (simulated)` }).click();
    await expect(messages(page)).toContainText(`Simulated buy: $5 of ${token.symbol}`);
    await expect(messages(page)).toContainText("no real trade happened");
  });

  test("a failed copy says so and shows the address", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new Error("denied")) },
        configurable: true,
      });
    });
    await page.goto("/pump-vision");
    const token = sampleBoard.new[0];
    if (!token) throw new Error("the sample board has no new creations");
    await page.getByRole("button", { name: `${token.symbol}: copy contract address` }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Could not copy the contract address" })).toContainText(
      token.address,
    );
  });
});

test.describe("Pump Vision on a small screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the bottom tab bar picks the column, by pointer and by arrow keys", async ({ page }) => {
    await page.goto("/pump-vision");
    const tabs = page.getByRole("tablist", { name: "Pump Vision columns" });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole("tab", { name: "New Creations" })).toHaveAttribute("aria-selected", "true");
    await expect(column(page, "New Creations")).toBeVisible();
    await expect(column(page, "Graduated")).toBeHidden();

    await tabs.getByRole("tab", { name: "Graduated" }).click();
    await expect(tabs.getByRole("tab", { name: "Graduated" })).toHaveAttribute("aria-selected", "true");
    await expect(column(page, "Graduated")).toBeVisible();
    await expect(column(page, "New Creations")).toBeHidden();

    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "New Creations" })).toBeFocused();
    await expect(tabs.getByRole("tab", { name: "New Creations" })).toHaveAttribute("aria-selected", "true");
    await expect(column(page, "New Creations")).toBeVisible();

    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "About to Graduate" })).toBeFocused();
    await expect(column(page, "About to Graduate")).toBeVisible();
    await expect(column(page, "Graduated")).toBeHidden();

    await page.keyboard.press("ArrowLeft");
    await expect(tabs.getByRole("tab", { name: "New Creations" })).toHaveAttribute("aria-selected", "true");
    await expect(tabs).toBeInViewport();
  });
});
