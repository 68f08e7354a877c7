import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { newMember, uniqueHandle } from "./members.ts";

/*
 * The admin's events and blog posts. These journeys run after every other one
 * (playwright.config.ts): a stored event replaces the labelled sample events on home.
 */

async function signInAsAdmin(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Admin password").fill("e2e admin password 42");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("tab", { name: "Events List" })).toHaveAttribute("aria-selected", "true");
}

const notableEvents = (page: Page) => page.getByRole("region", { name: "Notable Events" });

test("an admin adds an event, edits it through ?edit=, finds it, sees it on home and deletes it", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  const title = `Gemwire Lisbon meetup ${Date.now().toString(36)}`;

  await page.getByRole("tab", { name: "Add Event" }).click();
  const form = page.getByRole("form", { name: "Add event" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Description").fill("Readers and builders talk markets over dinner.");
  await form.getByLabel("Location").selectOption({ label: "Lisbon, Portugal" });
  await form.getByLabel("Website").fill("https://gemwire.example/meetup");
  // A start after the end is refused in place, and nothing is saved.
  await form.getByLabel("Start date").fill("2027-05-01T21:00");
  await form.getByLabel("End date").fill("2027-05-01T18:00");
  await form.getByRole("button", { name: "Add event" }).click();
  const messages = page.getByRole("region", { name: "Messages" });
  await expect(messages).toContainText("Invalid dates");
  await expect(messages).toContainText("End date must be after start date");
  await form.getByLabel("Start date").fill("2027-05-01T18:00");
  await form.getByLabel("End date").fill("2027-05-01T21:00");
  await form.getByRole("button", { name: "Add event" }).click();
  await expect(messages).toContainText("Event added");

  // Back on the list, which a search narrows.
  await expect(page.getByRole("tab", { name: "Events List" })).toHaveAttribute("aria-selected", "true");
  const list = page.getByRole("list", { name: "Events" });
  await expect(list.getByRole("heading", { name: title })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search events" }).fill("nothing like this at all");
  await expect(page.getByText(/No events found/)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search events" }).fill("lisbon meetup");
  await expect(list.getByRole("heading", { name: title })).toBeVisible();

  // ?edit={id} opens the form on that event.
  const edit = await list.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  expect(edit).toMatch(/[?&]edit=/);
  await page.goto(edit as string);
  const editing = page.getByRole("form", { name: "Edit event" });
  await expect(editing.getByLabel("Title")).toHaveValue(title);
  const moved = `${title} (moved)`;
  await editing.getByLabel("Title").fill(moved);
  await editing.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("list", { name: "Events" }).getByRole("heading", { name: moved })).toBeVisible();

  // Home shows the stored event instead of the labelled samples.
  await page.goto("/");
  await expect(notableEvents(page)).toContainText(moved);
  await expect(notableEvents(page).getByText("Sample events")).toHaveCount(0);

  await page.goto("/admin");
  await page
    .getByRole("list", { name: "Events" })
    .getByRole("button", { name: `Delete ${moved}` })
    .click();
  await page.getByRole("dialog", { name: "Delete this event?" }).getByRole("button", { name: "Delete event" }).click();
  await expect(page.getByRole("region", { name: "Messages" })).toContainText("Event deleted");
  await page.goto("/");
  await expect(notableEvents(page).getByText("Sample events")).toBeVisible();
  await context.close();
});

/** A local article page for Extract, as a news site would serve it. */
async function articleServer() {
  const server = http.createServer((request, response) => {
    if (request.url !== "/articles/etf-flows") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html><head>
      <title>ETF flows turn positive again | Example News</title>
      <meta property="og:title" content="ETF flows turn positive again">
      <meta property="og:image" content="/images/flows.png">
      <meta name="description" content="Spot bitcoin ETFs took in money for a fifth day.">
      <meta name="author" content="Ada Writer">
      </head><body><nav>Home · Markets · About</nav>
      <article><h1>ETF flows turn positive again</h1>
      <p class="byline">By Ada Writer</p>
      <p>Spot bitcoin exchange-traded funds took in money for a fifth straight day, the longest run since spring, as prices steadied above their summer range.</p>
      <p>Analysts pointed to steadier futures funding and fewer redemptions from the largest funds; several said the inflows looked driven by advisers rather than short-term traders.</p>
      <script>document.title = "tampered"</script>
      <p>Whether the run lasts depends on rates, they added, and on how the market reads the next inflation figures due later this month.</p>
      </article><footer>© Example News</footer></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/articles/etf-flows`, close: () => server.close() };
}

test("an admin extracts an article into a post, adds tags and an uploaded picture; readers see it and comment", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const article = await articleServer();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.getByRole("tab", { name: "Add Blog" }).click();

  const extract = page.getByRole("form", { name: "Extract from an article" });
  await extract.getByLabel("Article address").fill(article.url);
  await extract.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Filled in from the article" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add blog post" });
  await expect(form.getByLabel("Title")).toHaveValue("ETF flows turn positive again");
  await expect(form.getByLabel("Content")).toHaveValue(/fifth straight day[\s\S]*\n\n[\s\S]*advisers/);
  await expect(form.getByLabel("Content")).not.toHaveValue(/tampered|Example News|Markets/);
  await expect(form.getByLabel("Author")).toHaveValue(/Ada Writer/);
  article.close();

  const title = `ETF flows turn positive again ${Date.now().toString(36)}`;
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Tags").fill("bitcoin, etf ,, markets ,");
  await expect(form.getByRole("list", { name: "Tags preview" }).getByRole("listitem")).toHaveText([
    "bitcoin",
    "etf",
    "markets",
  ]);
  // An uploaded picture replaces the page's image address (one or the other).
  const picture = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#0b6" } })
    .png()
    .toBuffer();
  if (await form.getByRole("button", { name: "Remove image" }).isVisible()) {
    await form.getByRole("button", { name: "Remove image" }).click();
  }
  await form.getByLabel("Upload an image").setInputFiles({ name: "flows.png", mimeType: "image/png", buffer: picture });
  const preview = form.getByRole("img", { name: "Preview of what the post will show" });
  await expect(preview).toHaveAttribute("src", /^\/api\/blog\/images\/[\w-]+\.webp$/);
  await form.getByRole("button", { name: "Publish post" }).click();

  // After saving a post, home, where the blog section shows it.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "From the Blog" })).toContainText(title);

  const reader = await newMember(browser, baseURL as string, uniqueHandle("blogreader"));
  const readerPage = await reader.newPage();
  await readerPage.goto("/blog");
  await readerPage.getByRole("list", { name: "Posts, newest first" }).getByRole("link", { name: title }).click();
  await expect(readerPage).toHaveURL(/\/blog\/etf-flows-turn-positive-again-[a-z0-9]+$/);
  await expect(readerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(readerPage.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(3);
  const image = readerPage.getByRole("main").locator("img[src^='/api/blog/images/']").first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // The post's comment section, keyed by its url.
  const box = readerPage.getByRole("textbox", { name: "Your comment" });
  await box.fill("Good summary — the adviser angle matters.");
  await readerPage.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(box).toHaveValue("");
  await expect(readerPage.getByText("Good summary — the adviser angle matters.")).toBeVisible();
  await readerPage.reload();
  await expect(readerPage.getByText("Good summary — the adviser angle matters.")).toBeVisible();
  await reader.close();
  await context.close();
});
