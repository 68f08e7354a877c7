import { expect, test } from "@playwright/test";

test("token page: Bitcoin's price, chart ranges, sample labels, and its news opening a story", async ({ page }) => {
  await page.goto("/token/btc");
  await expect(page.getByRole("heading", { level: 1, name: "Bitcoin (BTC)" })).toBeVisible();
  const figures = page.getByRole("region", { name: "Bitcoin market figures" });
  await expect(figures.getByRole("definition").first()).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(figures).toContainText(/24 h change[+\u2212]?\d+\.\d\d%/);
  await expect(figures).toContainText(/Market cap\$[\d.]+[TB]/);
  await expect(figures.getByText("Sample", { exact: true })).toBeVisible();
  await expect(page.getByText(/sample prices \(sample mode\)/)).toBeVisible();

  // A fresh server has recorded under two hours: the chart is the labelled sample.
  const chart = page.getByRole("region", { name: "Price chart" });
  await expect(chart.getByText("Sample data", { exact: true })).toBeVisible();
  const drawing = chart.getByRole("img");
  await expect(drawing).toHaveAccessibleName(/^Bitcoin price in US dollars over the last 24 hours \(sample data\)/);
  await expect(chart.getByRole("button", { name: "24h" })).toHaveAttribute("aria-pressed", "true");
  const before = await drawing.locator("path").last().getAttribute("d");
  const sevenDays = chart.getByRole("button", { name: "7d" });
  await sevenDays.focus();
  await page.keyboard.press("Enter");
  await expect(sevenDays).toHaveAttribute("aria-pressed", "true");
  await expect(chart.getByRole("button", { name: "24h" })).toHaveAttribute("aria-pressed", "false");
  await expect(drawing).toHaveAccessibleName(/over the last 7 days/);
  expect(await drawing.locator("path").last().getAttribute("d")).not.toBe(before);
  await expect(chart).toContainText(/Low\$[\d,.]+High\$[\d,.]+Last\$[\d,.]+/);

  const holders = page.getByRole("region", { name: "Holder analytics" });
  await expect(holders.getByText("Sample data", { exact: true })).toBeVisible();
  await expect(holders).toContainText("Average holding time");
  // A visitor sees the prediction panel, with its figures, and is asked to sign in to place one.
  const predict = page.getByRole("region", { name: "Predict Bitcoin" });
  await expect(predict.getByRole("slider", { name: "Leverage" })).toHaveAttribute("aria-valuetext", "20.0x");
  await expect(predict).toContainText("Size$1,000.00");
  await expect(predict.getByRole("link", { name: "Sign in to predict" })).toBeVisible();

  // News about Bitcoin: articles open in a new tab; a story link opens that story on /stories.
  const news = page.getByRole("list", { name: "News about Bitcoin" });
  await expect(news.getByRole("listitem").first()).toBeVisible({ timeout: 20_000 });
  const article = news.getByRole("listitem").first().getByRole("link").first();
  await expect(article).toHaveAttribute("target", "_blank");
  await expect(article).toHaveAttribute("rel", "noopener noreferrer");
  await expect(article).toHaveAttribute("href", /^https?:\/\//);
  const storyLink = news.getByRole("link", { name: /^Open the story: / }).first();
  const storyTitle = ((await storyLink.textContent()) ?? "").replace(/^Open the story: /, "");
  await storyLink.click();
  await expect(page).toHaveURL(/\/stories\?feed=\w+&story=/);
  const opened = page.getByRole("article", { name: storyTitle });
  await expect(opened).toBeVisible();
  await expect(opened.getByRole("button", { name: /articles$/ })).toHaveAttribute("aria-expanded", "true");
  await expect(opened.getByRole("list", { name: /^Articles on/ })).toBeVisible();
  await expect(opened).toBeInViewport();
});

test("an unknown token still says 'Token not found', with the marquee above it", async ({ page }) => {
  await page.goto("/token/NOPE");
  await expect(page.getByRole("heading", { level: 1, name: "Token not found" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Coin prices in US dollars" })).toBeVisible();
});
