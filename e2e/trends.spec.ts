import { expect, type Page, test } from "@playwright/test";

/** The server reads its sample trends once it listens: reload until they are there. */
async function openTrends(page: Page, path = "/google-trends") {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Search Trends" })).toBeVisible();
  await expect(async () => {
    if ((await page.getByRole("list", { name: /^Search trends, page/ }).count()) === 0) await page.reload();
    await expect(page.getByRole("list", { name: /^Search trends, page/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

const times = (page: Page) =>
  page
    .getByRole("list", { name: /^Search trends, page/ })
    .locator("article time")
    .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute("datetime") ?? "")));

test("search trends: the sample trends by traffic, with pictures, news, countries and a token link", async ({
  page,
}) => {
  await openTrends(page);
  await expect(page.getByText("Sample data", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Traffic" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Period")).toHaveValue("24h");
  const list = page.getByRole("list", { name: "Search trends, page 1 of 2" });
  await expect(list.getByRole("article")).toHaveCount(20);

  const first = list.getByRole("article").first();
  await expect(first.getByRole("heading")).toHaveText("bitcoin price");
  await expect(first).toContainText("2M+ searches");
  await expect(first).toContainText("United States");
  // The sample picture comes from this server and is not blocked by the page's CSP.
  const picture = first.locator("img");
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const news = first.getByRole("link", { name: /opens in a new tab/ }).first();
  await expect(news).toHaveAttribute("target", "_blank");
  await expect(news).toHaveAttribute("rel", "noopener noreferrer");
  await expect(news).toHaveAttribute("href", /^http:\/\/127\.0\.0\.1:\d+\/samples\/articles\//);

  // The first page has trends of every country, each named for screen readers.
  const countries = await list
    .locator("article span[title]")
    .evaluateAll((spans) => spans.map((span) => span.getAttribute("title")));
  expect(new Set(countries)).toEqual(new Set(["United States", "United Kingdom", "Canada", "Australia", "India"]));

  await first.getByRole("link", { name: "Bitcoin (BTC) page" }).click();
  await expect(page).toHaveURL("/token/BTC");
  await expect(page.getByRole("heading", { level: 1, name: "Bitcoin (BTC)" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("list", { name: "Search trends, page 1 of 2" })).toBeVisible();
});

test("search trends: sort, period and paging, kept in the address through a reload", async ({ page }) => {
  await openTrends(page);
  const pager = page.getByRole("navigation", { name: "Pages of trends" });
  await expect(pager).toContainText("Page 1 of 2");
  await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
  const firstPage = await page
    .getByRole("list", { name: /^Search trends/ })
    .getByRole("heading")
    .allTextContents();

  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL("/google-trends?page=2");
  await expect(pager).toContainText("Page 2 of 2");
  await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
  const secondList = page.getByRole("list", { name: "Search trends, page 2 of 2" });
  // The pager can say page 2 a moment before the second page's cards are drawn.
  await expect(secondList.getByRole("heading").first()).toBeVisible();
  const secondPage = await secondList.getByRole("heading").allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
  await page.reload();
  await expect(pager).toContainText("Page 2 of 2");

  await page.getByRole("button", { name: "Time" }).click();
  await expect(page).toHaveURL("/google-trends?sort=time");
  await expect(page.getByRole("button", { name: "Time" })).toHaveAttribute("aria-pressed", "true");
  await expect(pager).toContainText("Page 1 of 2");
  await expect
    .poll(async () => {
      const seen = await times(page);
      return seen.length === 20 && seen.every((time, i) => i === 0 || time <= (seen[i - 1] as number));
    })
    .toBe(true);

  const dayTotal = await page
    .getByRole("list", { name: /^Search trends/ })
    .getByRole("article")
    .count();
  await page.getByLabel("Period").selectOption({ label: "Past 4hr" });
  await expect(page).toHaveURL("/google-trends?period=4h&sort=time");
  await expect(page.getByRole("list", { name: "Search trends, page 1 of 1" })).toBeVisible();
  const recent = await times(page);
  expect(recent.length).toBeGreaterThan(0);
  expect(recent.length).toBeLessThan(dayTotal);
  expect(recent.every((time) => Date.now() - time <= 4 * 3_600_000 + 60_000)).toBe(true);
  await expect(pager).toHaveCount(0);

  await page.getByLabel("Period").selectOption({ label: "Past 7d" });
  await expect(page).toHaveURL("/google-trends?period=7d&sort=time");
  await expect(pager).toContainText(/Page 1 of [2-9]/);
  await page.goBack();
  await expect(page).toHaveURL("/google-trends?period=4h&sort=time");
  await expect(page.getByLabel("Period")).toHaveValue("4h");
});
