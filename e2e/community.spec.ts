import { expect, test } from "@playwright/test";
import { newMember, uniqueHandle } from "./members.ts";

/*
 * Two members on two devices: one keeps an article as a favorite, the other comments on
 * it. The first hears of it without reloading (the notification stream), opens the
 * notification and lands on Blurts at that very comment.
 */
test("a comment reaches the member who favorited the article, live, and leads to it on Blurts", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const reader = await newMember(browser, baseURL as string, uniqueHandle("keeper"));
  const writer = await newMember(browser, baseURL as string, uniqueHandle("talker"));

  const readerPage = await reader.newPage();
  await readerPage.goto("/market");
  const readerCard = readerPage.locator("article").nth(3);
  await expect(readerCard).toBeVisible({ timeout: 20_000 });
  const title = ((await readerCard.getByRole("heading").textContent()) ?? "").trim();
  expect(title).not.toBe("");
  await readerCard.getByRole("button", { name: "Add to favorites" }).click();
  await expect(readerCard.getByRole("button", { name: "Remove from favorites" })).toBeVisible();
  const bell = readerPage.getByRole("banner").getByRole("link", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  const writerPage = await writer.newPage();
  await writerPage.goto("/market");
  const writerCard = writerPage.locator("article").filter({ hasText: title }).first();
  await expect(writerCard).toBeVisible({ timeout: 20_000 });
  const before = Number(
    (await writerCard.getByRole("button", { name: /^Comments \(/ }).getAttribute("aria-label"))?.match(/\d+/)?.[0],
  );
  await writerCard.getByRole("button", { name: /^Comments \(/ }).click();
  const drawer = writerPage.getByRole("dialog", { name: title });
  await expect(drawer).toBeVisible();
  // Hostile text is stored and shown as text; only the http(s) address becomes a link.
  const comment =
    "Worth reading with the on-chain data next to it: https://example.com/flows <img src=x onerror=alert(1)> javascript:alert(2)";
  const box = drawer.getByRole("textbox", { name: "Your comment" });
  await box.fill(comment);
  await drawer.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(box).toHaveValue("");
  const shown = drawer.getByRole("listitem").filter({ hasText: "Worth reading with the on-chain data" });
  await expect(shown).toContainText("<img src=x onerror=alert(1)> javascript:alert(2)");
  await expect(shown.locator("img[src='x']")).toHaveCount(0);
  await expect(shown.getByRole("link", { name: "https://example.com/flows" })).toHaveAttribute(
    "rel",
    "noopener noreferrer nofollow ugc",
  );
  await expect(shown.getByRole("link", { name: /javascript/ })).toHaveCount(0);
  await writerPage.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(writerCard.getByRole("button", { name: `Comments (${before + 1})` })).toBeFocused();

  // The reader's badge rises without a reload.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 15_000 });
  await bell.click();
  await expect(readerPage).toHaveURL(/\/notifications$/);
  const item = readerPage.getByRole("list", { name: "Notifications, newest first" }).getByRole("button").first();
  await expect(item).toContainText("New Comment");
  // The preview is the first 50 characters with '...' appended.
  await expect(item).toContainText(`${comment.slice(0, 50)}...`);
  await item.click();
  await expect(readerPage).toHaveURL(/\/blurts\?comment=/);
  const opened = readerPage
    .locator("[aria-current='true']")
    .filter({ hasText: "Worth reading with the on-chain data" });
  await expect(opened).toBeVisible();
  await expect(opened).toBeInViewport();
  await expect(opened).toContainText(title);
  await expect(readerPage.getByRole("banner").getByRole("link", { name: /^Notifications/ })).toHaveAccessibleName(
    "Notifications",
  );

  await reader.close();
  await writer.close();
});

test("Blurts keeps its filter and sort in the address, with back and forward", async ({ browser, baseURL }) => {
  const member = await newMember(browser, baseURL as string, uniqueHandle("blurter"));
  const page = await member.newPage();
  await page.goto("/blurts");
  await expect(page.getByRole("heading", { name: "Blurts", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Comments", exact: true }).click();
  await expect(page).toHaveURL(/\/blurts\?filter=comments$/);
  await page.getByRole("button", { name: "Winning", exact: true }).click();
  await expect(page).toHaveURL(/\/blurts\?filter=comments&sort=winning$/);
  await page.getByRole("button", { name: "Completed Predictions", exact: true }).click();
  await expect(page).toHaveURL(/filter=completed/);

  await page.goBack();
  await expect(page).toHaveURL(/\/blurts\?filter=comments&sort=winning$/);
  await expect(page.getByRole("button", { name: "Winning", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.goBack();
  await expect(page).toHaveURL(/\/blurts\?filter=comments$/);
  await expect(page.getByRole("button", { name: "Newest First", exact: true })).toHaveAttribute("aria-pressed", "true");

  await page.reload();
  await expect(page.getByRole("button", { name: "Comments", exact: true })).toHaveAttribute("aria-pressed", "true");
  await member.close();
});
