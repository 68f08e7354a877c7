import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toastStore } from "../../../../components/ui/toast/toast-store.ts";
import { apiError, json } from "../../../../test/api-fixtures.ts";
import { fakeApi, post, renderAt } from "../../test/content.tsx";
import { BlogForm } from "./blog-form.tsx";

const openToasts = () => toastStore.getSnapshot().filter((toast) => toast.open);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], "lead.png", { type: "image/png" });

/** Chooses a file in the drop zone's file input, as a click-and-pick does. */
function choose(file: File) {
  const input = field("Upload an image");
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  fireEvent.change(input);
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});

function renderForm(editId: string | null = null) {
  const onSaved = vi.fn();
  renderAt(<BlogForm editId={editId} onSaved={onSaved} onCancel={vi.fn()} />, { admin: true });
  return { onSaved };
}

const submit = () => fireEvent.submit(screen.getByRole("form", { name: "Add blog post" }));

describe("BlogForm", () => {
  it("requires nothing: an empty post is sent as it is", async () => {
    const api = fakeApi({ "POST /api/admin/blog": () => json(post(), 201) });
    const { onSaved } = renderForm();
    const form = screen.getByRole("form", { name: "Add blog post" });
    expect(form.querySelectorAll("[required]")).toHaveLength(0);
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo("POST /api/admin/blog")[0]?.body).toEqual({
      title: "",
      excerpt: "",
      content: "",
      author: "",
      tags: [],
      image: null,
    });
    expect(openToasts()[0]).toMatchObject({ title: "Post published" });
  });

  it("previews the comma-separated tags as chips and sends them parsed", async () => {
    const api = fakeApi({ "POST /api/admin/blog": () => json(post(), 201) });
    renderForm();
    type("Title", "Why GEMS");
    type("Content", "First.\n\nSecond.");
    type("Tags", " Bitcoin, , markets ,bitcoin,");
    const chips = within(screen.getByRole("list", { name: "Tags preview" })).getAllByRole("listitem");
    expect(chips.map((chip) => chip.textContent)).toEqual(["Bitcoin", "markets"]);
    submit();
    await waitFor(() => expect(api.callsTo("POST /api/admin/blog")).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({
      title: "Why GEMS",
      content: "First.\n\nSecond.",
      tags: ["Bitcoin", "markets"],
    });
  });

  it("takes an image address or an upload, never both, with a preview and Remove", async () => {
    const api = fakeApi({
      "POST /api/admin/blog/images": () => json({ image: "/api/blog/images/abc123.webp" }, 201),
      "POST /api/admin/blog": () => json(post(), 201),
    });
    renderForm();
    // An address closes the upload, and shows its preview.
    type("Image URL", "https://img.example/lead.png");
    expect(screen.getByText("Clear the image address to upload a file instead.")).toBeInTheDocument();
    expect(field("Upload an image").disabled).toBe(true);
    expect(screen.getByRole("img").getAttribute("src")).toBe("https://img.example/lead.png");
    fireEvent.click(screen.getByRole("button", { name: "Remove image" }));
    expect(field("Image URL").value).toBe("");
    expect(screen.queryByRole("img")).toBeNull();

    // An upload goes to the server first; the form keeps its address and closes the address field.
    choose(png());
    await waitFor(() => expect(screen.getByRole("img").getAttribute("src")).toBe("/api/blog/images/abc123.webp"));
    const upload = api.callsTo("POST /api/admin/blog/images")[0]?.body as FormData;
    expect((upload.get("file") as File).name).toBe("lead.png");
    expect(field("Image URL").disabled).toBe(true);
    submit();
    await waitFor(() => expect(api.callsTo("POST /api/admin/blog")).toHaveLength(1));
    expect(api.callsTo("POST /api/admin/blog")[0]?.body).toMatchObject({ image: "/api/blog/images/abc123.webp" });
  });

  it("says why an upload was refused, in place", async () => {
    fakeApi({
      "POST /api/admin/blog/images": () =>
        apiError(400, "invalid_request", "That file is not a PNG, JPEG, GIF or WebP"),
    });
    renderForm();
    choose(png());
    expect((await screen.findByRole("alert")).textContent).toBe("That file is not a PNG, JPEG, GIF or WebP");
    expect(screen.queryByRole("img")).toBeNull();
    expect(field("Image URL").disabled).toBe(false);
  });

  it("refuses a file that is not a picture before sending it", async () => {
    const api = fakeApi();
    renderForm();
    choose(new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a PNG, JPG, GIF or WebP picture.");
    expect(api.calls).toEqual([]);
  });

  it("Extract fills title, excerpt, content, image and author, keeping fields the article left empty", async () => {
    let answer: () => Promise<Response>;
    const api = fakeApi({ "POST /api/admin/blog/extract": () => answer() });
    let release = () => {};
    answer = () =>
      new Promise((resolve) => {
        release = () =>
          resolve(
            json({
              title: "Bitcoin at the Lisbon summit",
              excerpt: "",
              content: "First paragraph.\n\nSecond paragraph.",
              image: "https://news.example/lead.jpg",
              author: "Ana Lima",
            }),
          );
      });
    renderForm();
    type("Excerpt", "My own excerpt");
    type("Tags", "BTC");
    type("Article address", "https://news.example/summit");
    fireEvent.submit(screen.getByRole("form", { name: "Extract from an article" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Extract" }).getAttribute("aria-busy")).toBe("true"));
    release();
    await screen.findByText("Filled in from the article: title, content, image, author.");
    expect(api.callsTo("POST /api/admin/blog/extract")[0]?.body).toEqual({ url: "https://news.example/summit" });
    expect(field("Title").value).toBe("Bitcoin at the Lisbon summit");
    expect(field("Content").value).toBe("First paragraph.\n\nSecond paragraph.");
    expect(field("Author").value).toBe("Ana Lima");
    expect(field("Image URL").value).toBe("https://news.example/lead.jpg");
    expect(field("Excerpt").value).toBe("My own excerpt");
    expect(field("Tags").value).toBe("BTC");
  });

  it("says in place why Extract failed, and leaves the form as it was", async () => {
    fakeApi({
      "POST /api/admin/blog/extract": () =>
        apiError(400, "invalid_request", "Invalid request. body.url: url must be an http(s) address"),
    });
    renderForm();
    type("Title", "Kept");
    type("Article address", "https://news.example/x");
    fireEvent.submit(screen.getByRole("form", { name: "Extract from an article" }));
    expect((await screen.findByRole("alert")).textContent).toBe("url must be an http(s) address");
    expect(field("Title").value).toBe("Kept");
  });

  it("shows the server's validation messages beside their fields", async () => {
    fakeApi({
      "POST /api/admin/blog": () =>
        apiError(400, "invalid_request", "Invalid request. body.tags: A tag can be at most 40 characters"),
    });
    const { onSaved } = renderForm();
    type("Tags", "x".repeat(41));
    submit();
    await waitFor(() => expect(field("Tags").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("A tag can be at most 40 characters")).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("edits the post ?edit=&type=blog names, with its uploaded image, and saves with PUT", async () => {
    const stored = post({ id: "p7", image: "/api/blog/images/old.webp" });
    const api = fakeApi({
      "GET /api/admin/blog": () => json({ posts: [stored], next: null }),
      "PUT /api/admin/blog/p7": () => json(stored),
    });
    const { onSaved } = renderForm("p7");
    const form = await screen.findByRole("form", { name: "Edit blog post" });
    expect(field("Title").value).toBe("Why GEMS");
    expect(field("Tags").value).toBe("GEMS, Predictions");
    expect(field("Image URL").disabled).toBe(true);
    expect(screen.getByRole("img").getAttribute("src")).toBe("/api/blog/images/old.webp");
    type("Title", "Why GEMS, again");
    fireEvent.submit(form);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo("PUT /api/admin/blog/p7")[0]?.body).toMatchObject({
      title: "Why GEMS, again",
      date: stored.date,
      tags: ["GEMS", "Predictions"],
      image: "/api/blog/images/old.webp",
    });
    expect(openToasts()[0]).toMatchObject({ title: "Post saved" });
  });
});
