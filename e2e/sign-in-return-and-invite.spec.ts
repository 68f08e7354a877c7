import { expect, type Page, test } from "@playwright/test";
import { newMember, PASSWORD, uniqueHandle } from "./members.ts";

const messages = (page: Page) => page.getByRole("region", { name: "Messages" });

async function signInThroughThePage(page: Page, handle: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Handle").fill(handle);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
}

test("a visitor asked to sign in to vote signs in and comes back to the same page, ready to vote", async ({
  browser,
  baseURL,
}) => {
  const handle = uniqueHandle("returner");
  await (await newMember(browser, baseURL ?? "", handle)).close();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/market");
  const card = page.locator("article").filter({ hasText: "Bitcoin options traders bet on $120K" });
  await card.getByRole("button", { name: /^Vote up/ }).click();
  await expect(messages(page)).toContainText("Sign in to vote");
  await messages(page).getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login?next=%2Fmarket");

  await signInThroughThePage(page, handle);
  await expect(page).toHaveURL("/market");
  const up = card.getByRole("button", { name: /^Vote up/ });
  await up.click();
  await expect(up).toHaveAttribute("aria-pressed", "true");

  // Sign out now lives in the avatar menu too.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(messages(page)).toContainText("Signed out");
  await expect(
    page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Sign In" }),
  ).toBeVisible();
  await context.close();
});

test("a return path to another site is not followed", async ({ browser, baseURL }) => {
  const handle = uniqueHandle("staying");
  await (await newMember(browser, baseURL ?? "", handle)).close();
  for (const next of ["//evil.example/", "https://evil.example/", "/\\evil.example", "/..//evil.example"]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await signInThroughThePage(page, handle);
    await expect(page).toHaveURL("/");
    expect(new URL(page.url()).origin).toBe(baseURL);
    await context.close();
  }
});

test("an admin copies a new invitation's join link; it opens Join with the code, and the member is welcomed by name", async ({
  browser,
  baseURL,
}) => {
  const admin = await browser.newContext({ baseURL, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await admin.newPage();
  await page.goto("/admin");
  await page.getByLabel("Admin password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(messages(page).getByRole("alert")).toContainText("Invalid password");
  await page.getByLabel("Admin password").fill("e2e admin password 42");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("tab", { name: "Invitations" }).click();
  await expect(page.getByRole("heading", { name: "Invitations" })).toBeVisible();
  // The failed attempt's toast does not outlive the success.
  await expect(messages(page)).not.toContainText("Invalid password");

  await page.getByRole("button", { name: "Create invitation" }).click();
  const code = (await page.getByTestId("new-invite-code").textContent()) ?? "";
  await page.getByRole("button", { name: "Copy join link" }).click();
  await expect(messages(page)).toContainText("Join link copied");
  const joinLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(joinLink).toBe(`${baseURL}/login?invite=${code}`);
  await page.getByRole("button", { name: "Copy code" }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await admin.close();

  const invitee = await browser.newContext({ baseURL });
  const join = await invitee.newPage();
  await join.goto(joinLink);
  await expect(join.getByRole("tab", { name: "Join with an invitation" })).toHaveAttribute("aria-selected", "true");
  const form = join.getByRole("form", { name: "Join" });
  await expect(form.getByLabel("Invitation code")).toHaveValue(code);
  const handle = uniqueHandle("invitee");
  await form.getByLabel("Handle").fill(handle);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByLabel("Username (optional)").fill("Ada");
  await form.getByRole("button", { name: "Join Gemwire" }).click();
  await expect(join).toHaveURL("/");
  await expect(messages(join)).toContainText("Welcome to Gemwire, Ada!");
  await invitee.close();
});
