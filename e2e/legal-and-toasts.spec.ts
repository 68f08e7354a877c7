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

test("Terms and Privacy say what the spec promises", async ({ page }) => {
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

test("Contact shows the configured address", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("link", { name: "members@gemwire.test" })).toHaveAttribute(
    "href",
    "mailto:members@gemwire.test",
  );
});

test("one toast at a time, gone after 5 seconds", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("button", { name: "Welcome Tour" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  const toasts = page.getByRole("region", { name: "Notifications" }).getByRole("status");
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toHaveText(/Article search is coming soon/);
  await expect(toasts).toHaveCount(0, { timeout: 7_000 });
});
