import type { BlogInput, BlogPost } from "../../../contracts/content.ts";
import { parseTags } from "../../../contracts/content-catalog.ts";

/**
 * The blog form as typed. The image is an address typed in (`imageUrl`) or an uploaded
 * file's address (`uploaded`), never both.
 */
export type BlogFormValues = {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  /** A `date` input's value, "" for "now". */
  date: string;
  /** As typed, comma-separated. */
  tags: string;
  imageUrl: string;
  uploaded: string | null;
};

export const emptyBlogValues: BlogFormValues = {
  title: "",
  excerpt: "",
  content: "",
  author: "",
  date: "",
  tags: "",
  imageUrl: "",
  uploaded: null,
};

/** Images stored by Gemwire (an upload's address) rather than an address on another site. */
const UPLOADED = /^\/api\/blog\/images\//;

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO date as a `date` input's value in the admin's time zone. */
function toDateInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function valuesFromPost(post: BlogPost): BlogFormValues {
  const uploaded = post.image && UPLOADED.test(post.image) ? post.image : null;
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    author: post.author,
    date: toDateInput(post.date),
    tags: post.tags.join(", "),
    imageUrl: uploaded ? "" : (post.image ?? ""),
    uploaded,
  };
}

/** The one image the post gets: the upload's address, else the address typed, else none. */
export const chosenImage = (values: BlogFormValues): string | null =>
  values.uploaded ?? (values.imageUrl.trim() || null);

/**
 * What the form sends: nothing is required; tags parsed as the server parses them. A post
 * whose day is left as it was keeps its exact time (`stored`), so posts of one day keep their order.
 */
export function blogSubmission(values: BlogFormValues, stored?: string): BlogInput {
  const date =
    stored && toDateInput(stored) === values.date
      ? new Date(stored)
      : values.date
        ? new Date(`${values.date}T00:00`)
        : null;
  return {
    title: values.title.trim(),
    excerpt: values.excerpt.trim(),
    content: values.content.trim(),
    author: values.author.trim(),
    ...(date && !Number.isNaN(date.getTime()) ? { date: date.toISOString() } : {}),
    tags: parseTags(values.tags),
    image: chosenImage(values),
  };
}

type Extracted = { title: string; excerpt: string; content: string; image: string | null; author: string };

/**
 * The form after Extract: each field the article gave replaces the typed one; a field it left
 * empty keeps what was there. An image found replaces an upload (one image per post).
 */
export function withExtracted(values: BlogFormValues, found: Extracted): BlogFormValues {
  const take = (answer: string, kept: string) => (answer.trim() ? answer : kept);
  const image = found.image?.trim();
  return {
    ...values,
    title: take(found.title, values.title),
    excerpt: take(found.excerpt, values.excerpt),
    content: take(found.content, values.content),
    author: take(found.author, values.author),
    ...(image ? { imageUrl: image, uploaded: null } : {}),
  };
}

/** Which fields Extract filled, in the form's words, for the message after it. */
export function extractedFields(found: Extracted): string[] {
  return [
    ["title", found.title],
    ["excerpt", found.excerpt],
    ["content", found.content],
    ["image", found.image ?? ""],
    ["author", found.author],
  ]
    .filter(([, value]) => value?.trim())
    .map(([name]) => name as string);
}
