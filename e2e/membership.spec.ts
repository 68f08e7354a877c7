import { expect, type Page, test } from "@playwright/test";

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });

async function createInvite(page: Page): Promise<string> {
  await page.goto("/admin");
  await page.getByLabel("Admin password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  const alert = page.getByRole("region", { name: "Messages" }).getByRole("alert");
  await expect(alert).toContainText("Error");
  await expect(alert).toContainText("Invalid password");
  await page.getByLabel("Admin password").fill("e2e admin password 42");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("tab", { name: "Invitations" }).click();
  await page.getByLabel("Note (who is it for?)").fill("for the journey");
  await page.getByRole("button", { name: "Create invitation" }).click();
  const code = (await page.getByTestId("new-invite-code").textContent()) ?? "";
  expect(code).toMatch(/^[A-Z2-9-]{32}$/);
  await expect(page.getByRole("cell", { name: "for the journey" })).toBeVisible();
  return code;
}

test("admin invites, a member joins, edits profile and picture, toggles degen mode, signs out", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const code = await createInvite(await adminContext.newPage());
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("tab", { name: "Join with an invitation" }).click();
  const join = page.getByRole("form", { name: "Join" });
  await join.getByLabel("Invitation code").fill(code);
  await join.getByLabel("Handle").fill("journey_member");
  await join.getByLabel("Password").fill("a long journey password");
  await join.getByRole("button", { name: "Join Gemwire" }).click();
  await expect(page).toHaveURL("/");
  await expect(sidebar(page).getByRole("navigation", { name: "Your account" }).getByRole("link")).toHaveText([
    "Profile",
    "Notifications",
    "Your feeds",
    "Settings",
  ]);
  await expect(sidebar(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
  await page.getByLabel("Username").fill("Journey");
  await page.getByLabel("Email").fill("journey@example.org");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("region", { name: "Messages" })).toContainText("Profile updated successfully");
  await expect(page.getByRole("button", { name: "Account menu" })).toContainText("JO");

  await page.getByLabel("Change profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("region", { name: "Messages" })).toContainText("Profile picture updated successfully");
  await expect(page.getByRole("button", { name: "Account menu" }).locator("img")).toHaveAttribute(
    "src",
    /\/api\/avatars\/.+\.webp$/,
  );

  await page.goto("/settings");
  const feeds = page.getByRole("group", { name: "Feeds" }).getByRole("checkbox");
  await expect(feeds).toHaveCount(11);
  const checked = () => page.getByRole("group", { name: "Feeds" }).getByRole("checkbox", { checked: true });
  await expect(checked()).toHaveCount(5);
  await page.getByRole("switch", { name: "Degen mode" }).click();
  await expect(page.getByRole("switch", { name: "Degen mode" })).toHaveAttribute("aria-checked", "true");
  await expect(checked()).toHaveCount(11);
  // Settings follow the member: a fresh page load reads them from the server.
  await page.reload();
  await expect(checked()).toHaveCount(11);
  await page.getByRole("switch", { name: "Degen mode" }).click();
  await expect(checked()).toHaveCount(5);
  await expect(page.getByRole("checkbox", { name: /Bitcoin News/ })).toBeDisabled();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(sidebar(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await context.close();
});

test("a visitor's feed choices stay in this browser", async ({ page }) => {
  await page.goto("/settings");
  // The click shows at once; the assertion waits for it rather than reading the box mid-render.
  await page.getByRole("checkbox", { name: "YouTube" }).click();
  await expect(page.getByRole("checkbox", { name: "YouTube" })).toBeChecked();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "YouTube" })).toBeChecked();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("settings-storage") ?? "{}"));
  expect(stored.version).toBe(3);
  expect(stored.state.enabledFeeds).toContain("youtube");
});

test("a wrong sign-in says so", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("form", { name: "Sign in" }).getByLabel("Handle").fill("nobody_at_all");
  await page.getByRole("form", { name: "Sign in" }).getByLabel("Password").fill("whatever password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText("Wrong handle or password");
});
