import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { newMember, uniqueHandle } from "./members.ts";

/*
 * Members' own feeds. The sample site page (server/samples, under /samples/site/)
 * links its feed with <link rel="alternate" type="application/rss+xml">: the member pastes
 * the SITE's address and Gemwire finds and follows the feed, fetched through the guarded
 * client (the e2e server allows private sources).
 */
const siteAddress = (baseURL: string) => `${baseURL}/samples/site/`;

/** Follows `address` on 'Your feeds' and answers the title the server gave its feed. */
async function followSampleSite(page: Page, address: string): Promise<string> {
  await page.goto("/feeds/mine");
  await expect(page.getByRole("heading", { level: 1, name: "Your feeds" })).toBeVisible();
  await expect(page.getByText("0 of 50")).toBeVisible();
  await page.getByRole("textbox", { name: "Feed or site address" }).fill(address);
  await page.getByRole("button", { name: "Add feed" }).click();
  const list = page.getByRole("list", { name: "Feeds you follow" });
  const row = list.getByRole("listitem");
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByText("1 of 50")).toBeVisible();
  const title = (await row.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
  expect(title).not.toBe("");
  await expect(page.getByText(`Following ${title}`)).toBeVisible();
  return title;
}

/** Waits for the feed's section on the dashboard to show its articles (the first fetch may still be running). */
async function expectArticlesOnDashboard(page: Page, title: string) {
  await page.goto("/");
  const section = page.getByRole("region", { name: title, exact: true });
  await expect(async () => {
    await page.reload();
    // The dashboard's last section can take several seconds to paint on a loaded machine.
    await expect(section.getByRole("article").first()).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 50_000 });
  return section;
}

test("a member follows a site by its address and sees its feed on the dashboard", async ({ browser, baseURL }) => {
  const context = await newMember(browser, baseURL ?? "", uniqueHandle("follower"));
  const page = await context.newPage();
  const title = await followSampleSite(page, siteAddress(baseURL ?? ""));

  // Its section comes after the built-in ones, with the feed's articles.
  const section = await expectArticlesOnDashboard(page, title);
  await section.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/feeds\/mine\/mf-[a-z0-9]{12}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  await context.close();
});

test("OPML round trip: export, remove, import the exported file, the report says added", async ({
  browser,
  baseURL,
}) => {
  const context = await newMember(browser, baseURL ?? "", uniqueHandle("opml"));
  const page = await context.newPage();
  // The sample feed under an address of its own (the query makes it another feed), so this
  // member is its only follower whatever other tests follow.
  const title = await followSampleSite(page, `${baseURL ?? ""}/samples/site/feed.xml?opml`);
  // Its first fetch is done (so removing it drops what the fetch stored).
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/[1-9]\d* articles? stored/)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export OPML" }).click(),
  ]);
  const file = await download.path();
  const opml = await readFile(file, "utf8");
  expect(opml).toContain("<opml");
  expect(opml).toContain("xmlUrl=");

  const row = page.getByRole("list", { name: "Feeds you follow" }).getByRole("listitem");
  await row.getByRole("button", { name: `Remove ${title}` }).click();
  await row.getByRole("button", { name: "Remove feed" }).click();
  await expect(page.getByText("0 of 50")).toBeVisible();
  await expect(page.getByText(/You follow no feeds of your own yet/)).toBeVisible();

  await page.getByLabel("Import OPML").setInputFiles(file);
  const report = page.getByRole("table", { name: "Import done: 1 added, 0 skipped, 0 refused." });
  await expect(report).toBeVisible({ timeout: 20_000 });
  await expect(report.getByRole("row").nth(1)).toContainText("Added");
  await expect(page.getByText("1 of 50")).toBeVisible();
  await expect(page.getByRole("list", { name: "Feeds you follow" }).getByRole("link", { name: title })).toBeVisible();

  // Importing the same file again skips what the member already follows.
  await page.getByLabel("Import OPML").setInputFiles(file);
  await expect(page.getByRole("table", { name: "Import done: 0 added, 1 skipped, 0 refused." })).toBeVisible({
    timeout: 20_000,
  });

  // The feed was dropped with its last follower: followed again within the same refresh
  // period, it is fetched afresh, and its articles are back on the dashboard.
  await expectArticlesOnDashboard(page, title);
  await context.close();
});
