import { expect, type Page, test } from "@playwright/test";

const section = (page: Page, name: string) =>
  page.locator("main section section").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("feed status: every feed's source and health, reached from Settings and Admin", async ({ page }) => {
  // Sample mode: every source is this server's own samples, so each feed is fetched at start-up.
  await page.goto("/settings");
  await page.getByRole("link", { name: "Feed status" }).click();
  await expect(page).toHaveURL("/feeds/status");
  await expect(page.getByRole("heading", { level: 1, name: "Feed status" })).toBeVisible();
  await expect(page).toHaveTitle("Feed status · Gemwire");

  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(11);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(/All 10 fetched feeds are working\./, {
    timeout: 20_000,
  });

  const bitcoin = rows.filter({ has: page.getByRole("rowheader", { name: /Bitcoin News/ }) });
  await expect(bitcoin).toContainText("OK");
  await expect(bitcoin).toContainText(/http:\/\/127\.0\.0\.1:\d+\/samples\/feeds\/bitcoin/);
  await expect(bitcoin).toContainText(/ago \(/); // last success
  // Cells in column order; on a wide screen each shows only its value.
  const cell = (n: number) => bitcoin.locator("td").nth(n);
  const shown = { useInnerText: true };
  await expect(cell(1)).toHaveText(/^[1-9]\d*$/, shown); // items stored
  await expect(cell(3)).toHaveText("None", shown); // last error
  await expect(cell(4)).toHaveText("0", shown); // consecutive failures
  await expect(cell(5)).toHaveText(/^in \d+ min/, shown); // next attempt
  await expect(rows.filter({ hasText: "Built from the other feeds" })).toHaveCount(1);

  await page.goto("/admin");
  await page.getByRole("link", { name: "Feed status" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Feed status" })).toBeVisible();
});

test("a home section whose feed failed says why, and 'Refresh Feed' asks the server again", async ({ page }) => {
  // Wait for the sample feeds, then make the browser see Bitcoin News as a feed whose host is unreachable.
  await page.goto("/");
  await expect(section(page, "Bitcoin News").locator("article").first()).toBeVisible({ timeout: 20_000 });
  const failedAt = new Date(Date.now() - 3 * 60_000).toISOString();
  await page.route("**/api/feeds", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const feed of body.feeds) {
      if (feed.key !== "bitcoin") continue;
      Object.assign(feed, {
        itemCount: 0,
        sourceAddress: "https://bitcoinmagazine.com/.rss/full/",
        lastError: "ENOTFOUND: getaddrinfo ENOTFOUND bitcoinmagazine.com",
        lastErrorReason: "The address bitcoinmagazine.com could not be found (no internet or DNS?).",
        lastErrorAt: failedAt,
        lastAttempt: failedAt,
        consecutiveFailures: 3,
        nextAttempt: new Date(Date.now() + 17 * 60_000).toISOString(),
      });
    }
    await route.fulfill({ response, json: body });
  });
  await page.route("**/api/feeds/bitcoin/items*", (route) => route.fulfill({ json: { items: [], next: null } }));
  await page.reload();

  const bitcoin = section(page, "Bitcoin News");
  const notice = bitcoin.getByRole("alert");
  await expect(notice).toContainText("No articles yet: Bitcoin News could not be fetched from bitcoinmagazine.com.");
  await expect(notice).toContainText("The address bitcoinmagazine.com could not be found (no internet or DNS?).");
  await expect(notice).toContainText(/Failed 3 times in a row, last 3m ago .* Next try in 1[67] min/);
  await expect(bitcoin.getByText("No articles to display")).toHaveCount(0);

  // The server is asked to fetch again; once its new attempt shows, the section reloads.
  await page.route("**/api/feeds/bitcoin/refresh", async (route) => {
    const response = await route.fetch();
    expect(response.status()).toBe(202);
    const { feed } = await response.json();
    await route.fulfill({ status: 202, json: { feed: { ...feed, lastAttempt: failedAt } } });
  });
  const asked = page.waitForRequest((request) => request.method() === "POST" && /\/refresh$/.test(request.url()));
  await notice.getByRole("button", { name: "Refresh Feed" }).click();
  await asked;
  await expect(notice).toContainText("Trying again…");
  await page.unroute("**/api/feeds");
  await page.unroute("**/api/feeds/bitcoin/items*");
  await expect(bitcoin.locator("article").first()).toBeVisible({ timeout: 15_000 });
  await expect(bitcoin.getByRole("alert")).toHaveCount(0);
});

test("sample mode says so on every page, and sample events are labelled", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("note")).toHaveText("Sample mode — sample feeds, prices and trends");
  const events = section(page, "Notable Events");
  await expect(events.getByText("Sample events")).toBeVisible();
  await expect(events.getByRole("listitem")).toHaveCount(3);
  for (const card of await events.getByRole("listitem").all()) await expect(card).toContainText("Sample");
  await page.goto("/feeds/status");
  await expect(page.getByRole("note")).toHaveText("Sample mode — sample feeds, prices and trends");
});
