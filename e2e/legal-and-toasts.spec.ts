import { expect, test } from "@playwright/test";

test("the Disclaimer covers every point and 'I Understand' goes home", async ({ page }) => {
  await page.goto("/disclaimer");
  const main = page.getByRole("main");
  for (const point of [
    /educational/i,
    /not a cryptocurrency, not a security/i,
    /cannot be redeemed/i,
    /cannot be transferred/i,
    /Not financial advice/,
    /Nothing on Gemwire is financial, investment, legal or tax advice/,
    /simulated/i,
    /may be delayed, incomplete or\s+inaccurate/i,
  ]) {
    await expect(main).toContainText(point);
  }
  await page.getByRole("button", { name: "I Understand" }).click();
  await expect(page).toHaveURL("/");
});

test("Terms and Privacy show their sections on membership, GEMS and deleting an account", async ({ page }) => {
  await page.goto("/terms");
  for (const heading of [
    "Private, members-only access",
    "Membership is personal",
    "Prohibited uses",
    "GEMS",
    "Confidentiality",
    "Termination",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await page.goto("/privacy");
  await expect(page.getByRole("main")).toContainText("social handle");
  await expect(page.getByRole("main")).toContainText("30 days");
  await expect(page.getByRole("heading", { level: 2, name: "Deleting your account" })).toBeVisible();
});

test("a toast stays while the pointer is on it", async ({ page }) => {
  await page.goto("/");
  // A visitor's star asks them to sign in, in a toast.
  const star = page.locator("main article").first().getByRole("button", { name: "Add to favorites" });
  await expect(star).toBeVisible({ timeout: 20_000 });
  await star.click();
  const toast = page.getByRole("region", { name: "Messages" }).locator("[data-toast]");
  await toast.hover();
  await page.waitForTimeout(6_000);
  await expect(toast).toHaveText(/Sign in to keep favorites/);
  await page.mouse.move(0, 0);
  await expect(toast).toHaveCount(0, { timeout: 7_000 });
});

test("the theme preference is stored as 'system' by default while the app stays dark", async ({ page }) => {
  await page.goto("/");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("system");
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test("Contact shows the configured address", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("link", { name: "members@gemwire.test" })).toHaveAttribute(
    "href",
    "mailto:members@gemwire.test",
  );
});

test("one toast at a time, gone after 5 seconds", async ({ page }) => {
  await page.goto("/");
  const card = page.locator("main article").first();
  const vote = card.getByRole("button", { name: /^Vote up/ });
  await expect(vote).toBeVisible({ timeout: 20_000 });
  await card.getByRole("button", { name: "Add to favorites" }).click();
  const messages = page.getByRole("region", { name: "Messages" });
  const toasts = messages.locator("[data-toast]");
  await expect(messages.getByRole("status")).toHaveText(/Sign in to keep favorites/);
  // A visitor's vote raises a second toast, which replaces the first.
  await vote.click();
  await expect(toasts).toHaveCount(1);
  await expect(messages.getByRole("status")).toHaveText(/Sign in to vote/);
  await expect(toasts).toHaveCount(0, { timeout: 7_000 });
});
