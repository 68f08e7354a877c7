import { expect, type Page, test } from "@playwright/test";

const storiesAnswer = (page: Page, query: RegExp) =>
  page.waitForResponse((response) => /\/api\/stories\?/.test(response.url()) && query.test(response.url()));

/** Every article link a feed holds, page after page, as the API lists them. */
async function feedLinks(page: Page, feed: string): Promise<Set<string>> {
  const links = new Set<string>();
  let before: string | null = null;
  do {
    const query = new URLSearchParams({ limit: "100", ...(before ? { before } : {}) });
    const answer = await page.request.get(`/api/feeds/${feed}/items?${query}`);
    expect(answer.ok()).toBe(true);
    const body = (await answer.json()) as { items: { link: string }[]; next: string | null };
    for (const item of body.items) links.add(item.link);
    before = body.next;
  } while (before);
  return links;
}

test("stories: read one story's coverage, order by coverage, refresh, and pick a feed", async ({ page }) => {
  await page.goto("/stories");
  await expect(page.getByRole("heading", { level: 1, name: "Stories" })).toBeVisible();
  const cards = page.getByRole("list", { name: "Stories" }).getByRole("article");
  // The sample feeds are fetched when the server starts; their stories form once they are stored.
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Sort by Date" })).toHaveAttribute("aria-pressed", "true");

  // A story opens to its articles: each names its outlet and opens in a new tab.
  const card = cards.first();
  await expect(card).toContainText(/\d+ sources?\W*First reported by \S/);
  const toggle = card.getByRole("button", { name: /^\d+ articles$/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const articles = page.locator(`#${await toggle.getAttribute("aria-controls")}`).getByRole("listitem");
  expect(await articles.count()).toBeGreaterThanOrEqual(2);
  for (const article of await articles.all()) {
    await expect(article.locator("span[title]").first()).toHaveText(/\S/);
    // The title's link (its coin chips link inside Gemwire).
    await expect(article.getByRole("link").first()).toHaveAttribute("target", "_blank");
    await expect(article.getByRole("link").first()).toHaveAttribute("rel", "noopener noreferrer");
  }
  await toggle.click();
  await expect(articles.first()).toBeHidden();

  // Most sources first, and the address keeps the order.
  const byCoverage = storiesAnswer(page, /sort=coverage/);
  await page.getByRole("button", { name: "Sort by Coverage" }).click();
  await byCoverage;
  await expect(page).toHaveURL(/\/stories\?sort=coverage$/);
  await expect(page.getByRole("button", { name: "Sort by Coverage" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("list", { name: "Stories" })).toHaveAttribute("aria-busy", "false");
  const counts = (await cards.getByText(/^\d+ sources?$/).allTextContents()).map((text) => Number.parseInt(text, 10));
  expect(counts.length).toBeGreaterThan(0);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));

  // Refresh Stories asks the server again and is usable once the answer is in.
  const refreshed = storiesAnswer(page, /feed=gemwire&sort=coverage/);
  const refresh = page.getByRole("button", { name: "Refresh Stories" });
  await refresh.click();
  expect((await refreshed).ok()).toBe(true);
  await expect(refresh).toBeEnabled();

  // One feed's own stories: the sample Bitcoin News feed has the ETF record told by several
  // of its outlets, and every article a story lists is one of that feed's, never another's.
  const picker = page.getByRole("combobox", { name: "Feed" });
  await expect(picker.locator("option").first()).toHaveText("All sources");
  const bitcoin = storiesAnswer(page, /feed=bitcoin/);
  await picker.selectOption({ label: "Bitcoin News" });
  const bitcoinAnswer = await bitcoin;
  expect(bitcoinAnswer.ok()).toBe(true);
  expect(new URL(bitcoinAnswer.url()).searchParams.get("feed")).toBe("bitcoin");
  await expect(page).toHaveURL(/\/stories\?sort=coverage&feed=bitcoin$/);
  await expect(cards.first()).toBeVisible();
  const bitcoinLinks = await feedLinks(page, "bitcoin");
  expect(bitcoinLinks.size).toBeGreaterThan(0);
  const bitcoinToggle = cards.first().getByRole("button", { name: /^\d+ articles$/ });
  await bitcoinToggle.click();
  // The articles' own links (opening in a new tab), not their coin chips.
  const bitcoinArticles = page
    .locator(`#${await bitcoinToggle.getAttribute("aria-controls")}`)
    .getByRole("link")
    .and(page.locator("[target=_blank]"));
  await expect(bitcoinArticles.first()).toBeVisible();
  const shownLinks = await bitcoinArticles.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(shownLinks.length).toBeGreaterThanOrEqual(2);
  for (const link of shownLinks) expect([...bitcoinLinks], `${link} is a Bitcoin News article`).toContain(link);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Feed" })).toHaveValue("bitcoin");
  await expect(page.getByRole("button", { name: "Sort by Coverage" })).toHaveAttribute("aria-pressed", "true");
});

test("the dashboard's Top Stories button opens the summary of the top stories", async ({ page }) => {
  await page.goto("/");
  const button = page.getByRole("button", { name: "Top Stories", exact: true });
  // The summary shows at most 10 stories, so it asks for no more than that.
  const summaryAnswer = storiesAnswer(page, /\?feed=gemwire&limit=10$/);
  await button.click();
  expect((await summaryAnswer).ok()).toBe(true);
  const dialog = page.getByRole("dialog", { name: "Top Stories Summary" });
  await expect(dialog.getByRole("heading", { name: "Trending Now" })).toBeVisible({ timeout: 20_000 });
  const trending = dialog.getByRole("region", { name: "Trending Now" }).getByRole("listitem");
  await expect(trending.first()).toContainText(/^1\./);
  expect(await trending.count()).toBeLessThanOrEqual(3);
  await expect(trending.first().getByRole("link")).toHaveAttribute("target", "_blank");
  await expect(trending.first()).toContainText(/ · \d+ sources? · (just now|\d+(s|m|h|d|w|mo|y) ago)$/);
  if ((await trending.count()) === 3) {
    await expect(dialog.getByRole("region", { name: "More Stories" }).getByRole("listitem").first()).toContainText(
      /^4\./,
    );
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
});
