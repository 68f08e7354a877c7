import { expect, test } from "@playwright/test";
import { newMember, signInElsewhere, uniqueHandle } from "./members.ts";

test("a member's votes and favorites persist across reloads and devices", async ({ browser, baseURL }) => {
  const handle = uniqueHandle("voter");
  const laptop = await newMember(browser, baseURL ?? "", handle);
  const page = await laptop.newPage();
  await page.goto("/market");
  const card = page.locator("article").filter({ hasText: "Bitcoin options traders bet on $120K" });
  await expect(card).toBeVisible({ timeout: 20_000 });

  const up = card.getByRole("button", { name: /^Vote up/ });
  const down = card.getByRole("button", { name: /^Vote down/ });
  const upBefore = Number((await up.getAttribute("aria-label"))?.match(/\d+/)?.[0]);
  const downBefore = Number((await down.getAttribute("aria-label"))?.match(/\d+/)?.[0]);
  await up.click();
  await expect(up).toHaveAttribute("aria-pressed", "true");
  await expect(up).toHaveAccessibleName(`Vote up (${upBefore + 1})`);
  // The other direction moves the vote.
  await down.click();
  await expect(down).toHaveAccessibleName(`Vote down (${downBefore + 1})`);
  await expect(up).toHaveAccessibleName(`Vote up (${upBefore})`);
  await card.getByRole("button", { name: "Add to favorites" }).click();
  await expect(card.getByRole("button", { name: "Remove from favorites" })).toBeVisible();

  await page.reload();
  const reloaded = page.locator("article").filter({ hasText: "Bitcoin options traders bet on $120K" });
  await expect(reloaded.getByRole("button", { name: /^Vote down/ })).toHaveAttribute("aria-pressed", "true");
  await expect(reloaded.getByRole("button", { name: "Remove from favorites" })).toBeVisible();

  // Another device, same member: the vote and the favorite are there.
  const phone = await signInElsewhere(browser, baseURL ?? "", handle);
  const other = await phone.newPage();
  await other.goto("/favorites");
  const favorite = other.locator("article").filter({ hasText: "Bitcoin options traders bet on $120K" });
  await expect(favorite).toBeVisible();
  await expect(favorite.getByRole("button", { name: `Vote down (${downBefore + 1})` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // Removing it there empties the list.
  await favorite.getByRole("button", { name: "Remove from favorites" }).click();
  await expect(other.getByText("No favorite articles yet")).toBeVisible();

  // Everyone sees the count; a visitor is asked to sign in to vote.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/market");
  const seen = visitor.locator("article").filter({ hasText: "Bitcoin options traders bet on $120K" });
  await expect(seen.getByRole("button", { name: `Vote down (${downBefore + 1})` })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await seen.getByRole("button", { name: /^Vote up/ }).click();
  await expect(visitor.getByRole("region", { name: "Messages" })).toContainText("Sign in to vote");
  await Promise.all([laptop.close(), phone.close(), visitorContext.close()]);
});

test("Edit RSS Feeds saves the member's choice and reorders the dashboard", async ({ browser, baseURL }) => {
  const context = await newMember(browser, baseURL ?? "", uniqueHandle("editor"));
  const page = await context.newPage();
  await page.goto("/");
  const headings = page.locator("main section section h2");
  await expect(headings).toContainText(["Gemwire Top Stories", "Notable Events", "Bitcoin News", "Latest News"]);

  await page.getByRole("button", { name: "Edit RSS Feeds" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit RSS Feeds" });
  await expect(dialog.getByRole("checkbox", { name: "Bitcoin News (Always enabled)" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await dialog.getByRole("checkbox", { name: "NFT/Art" }).check();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  // Latest News moves above Bitcoin News.
  await dialog.getByRole("button", { name: "Move Latest News up" }).click();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toHaveCount(0);

  const order = async () =>
    (await headings.allTextContents()).filter((h) => h !== "Notable Events" && h !== "From the Blog");
  await expect
    .poll(order)
    .toEqual(["Gemwire Top Stories", "Latest News", "Bitcoin News", "Market Analysis", "Targeted Search", "NFT/Art"]);
  await page.reload();
  await expect
    .poll(order)
    .toEqual(["Gemwire Top Stories", "Latest News", "Bitcoin News", "Market Analysis", "Targeted Search", "NFT/Art"]);
  await context.close();
});
