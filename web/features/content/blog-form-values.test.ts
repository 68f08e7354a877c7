import { describe, expect, it } from "vitest";
import {
  blogSubmission,
  chosenImage,
  emptyBlogValues,
  extractedFields,
  valuesFromPost,
  withExtracted,
} from "./blog-form-values.ts";
import { post } from "./test/content.tsx";

const found = { title: "", excerpt: "", content: "", image: null, author: "" };

describe("the blog form's values", () => {
  it("send nothing required: an empty form is a valid post with no date, tags or image", () => {
    expect(blogSubmission(emptyBlogValues)).toEqual({
      title: "",
      excerpt: "",
      content: "",
      author: "",
      tags: [],
      image: null,
    });
  });

  it("split tags on commas, trimmed, empties and repeats dropped", () => {
    expect(blogSubmission({ ...emptyBlogValues, tags: " Bitcoin, ,markets,, bitcoin ,ETH " }).tags).toEqual([
      "Bitcoin",
      "markets",
      "ETH",
    ]);
  });

  it("take one image: the upload's address, else the address typed", () => {
    expect(chosenImage({ ...emptyBlogValues, imageUrl: " https://img.example/a.png " })).toBe(
      "https://img.example/a.png",
    );
    expect(chosenImage({ ...emptyBlogValues, uploaded: "/api/blog/images/abc.webp" })).toBe(
      "/api/blog/images/abc.webp",
    );
    expect(chosenImage(emptyBlogValues)).toBeNull();
  });

  it("tell a stored post's upload from an address on another site", () => {
    expect(valuesFromPost(post({ image: "/api/blog/images/abc.webp" }))).toMatchObject({
      uploaded: "/api/blog/images/abc.webp",
      imageUrl: "",
    });
    expect(valuesFromPost(post())).toMatchObject({ uploaded: null, imageUrl: "https://images.example/gems.png" });
    expect(valuesFromPost(post()).tags).toBe("GEMS, Predictions");
  });

  it("keep a post's exact time while its day is unchanged, and send a new day from its start", () => {
    const stored = "2026-03-02T10:00:00.000Z";
    const values = valuesFromPost(post({ date: stored }));
    expect(blogSubmission(values, stored).date).toBe(stored);
    expect(blogSubmission({ ...values, date: "2026-04-01" }, stored).date).toBe(new Date(2026, 3, 1).toISOString());
  });

  it("take what Extract found and keep the fields it left empty", () => {
    const typed = { ...emptyBlogValues, title: "Mine", author: "Me", tags: "BTC" };
    const after = withExtracted(typed, { ...found, excerpt: "From the page", content: "Para 1\n\nPara 2" });
    expect(after).toEqual({ ...typed, excerpt: "From the page", content: "Para 1\n\nPara 2" });
    expect(withExtracted(typed, { ...found, title: "Page title", author: "  " })).toMatchObject({
      title: "Page title",
      author: "Me",
    });
  });

  it("let an extracted image replace an upload, so there is still one image", () => {
    const uploaded = { ...emptyBlogValues, uploaded: "/api/blog/images/abc.webp" };
    expect(withExtracted(uploaded, { ...found, image: "https://img.example/lead.jpg" })).toMatchObject({
      uploaded: null,
      imageUrl: "https://img.example/lead.jpg",
    });
    expect(withExtracted(uploaded, found).uploaded).toBe("/api/blog/images/abc.webp");
  });

  it("name the fields Extract filled", () => {
    expect(extractedFields({ ...found, title: "T", image: "https://img.example/a.png" })).toEqual(["title", "image"]);
  });
});
