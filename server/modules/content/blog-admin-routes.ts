import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminListQuerySchema,
  blogInputSchema,
  blogPostSchema,
  blogPostsSchema,
  extractBodySchema,
  extractedSchema,
  idParamsSchema,
  uploadedImageSchema,
} from "../../../contracts/content.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { createPageFetch } from "../../lib/article-page.ts";
import { readPictureUpload } from "../../lib/picture-upload.ts";
import { limitAddress } from "../../lib/rate-limit/client-address.ts";
import { enforceLimits } from "../../lib/rate-limit/limits.ts";
import type { RateLimitRule } from "../../lib/rate-limit/rate-limit.ts";
import { hashSessionId } from "../../lib/sessions/sessions.ts";
import type { GuardedFetchOptions } from "../../outbound/guarded-fetch.ts";
import { ADMIN_COOKIE } from "../../plugins/sessions.ts";
import { createBlogPost, deleteBlogPost, listBlogPosts, updateBlogPost } from "./blog.ts";
import { extractArticle } from "./blog-extract.ts";
import { processBlogImage, saveBlogImage } from "./blog-images.ts";

const MINUTE = 60_000;

/** Far more than anyone writing posts needs; little for a stolen session or a script. */
const blogLimits = {
  imageUploads: { limit: 30, windowMs: 10 * MINUTE },
  extracts: { limit: 30, windowMs: 10 * MINUTE },
} satisfies Record<string, RateLimitRule>;

const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };

/** Counted per admin session and per address (the admin password is shared, sessions are not). */
function perAdmin(request: FastifyRequest, action: string, rule: RateLimitRule): Array<[string, RateLimitRule]> {
  const session = hashSessionId(request.cookies[ADMIN_COOKIE] ?? "").slice(0, 32);
  return [
    [`${action}:admin:${session}`, rule],
    [`${action}:ip:${limitAddress(request.ip)}`, rule],
  ];
}

export type BlogAdminRoutesOptions = {
  /** How Extract resolves names and which addresses it reaches (tests stand in for the internet). */
  pageFetch?: Pick<GuardedFetchOptions, "resolve" | "isAllowedAddress">;
};

/** The admin's blog calls; registered inside the admin-only scope (routes.ts). */
export const blogAdminRoutes: FastifyPluginAsyncZod<BlogAdminRoutesOptions> = async (app, options) => {
  // Extract's own client: one page, small and quick, private addresses only when allowed.
  const fetcher = createPageFetch({ allowPrivate: app.config.allowPrivatePages, ...options.pageFetch });
  app.addHook("onClose", async () => fetcher.close());

  app.get(
    "/admin/blog",
    {
      schema: {
        tags: ["admin"],
        summary: "Blog posts for the admin, newest first; q searches title, excerpt, author and tags",
        querystring: adminListQuerySchema,
        response: { 200: blogPostsSchema, ...errors },
      },
    },
    async (request) => listBlogPosts(app.database, request.query),
  );

  app.post(
    "/admin/blog",
    {
      schema: {
        tags: ["admin"],
        summary: "Add a blog post; its url (/blog/<slug>) comes from its title and never changes",
        body: blogInputSchema,
        response: { 201: blogPostSchema, ...errors, 503: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createBlogPost(app.database, app.config.dataDir, request.body)),
  );

  app.put(
    "/admin/blog/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Change a blog post (every field; the slug stays); an omitted date keeps the post's",
        params: idParamsSchema,
        body: blogInputSchema,
        response: { 200: blogPostSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => updateBlogPost(app.database, app.config.dataDir, request.params.id, request.body),
  );

  app.delete(
    "/admin/blog/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a blog post with its comments (and their notifications) and its uploaded image",
        params: idParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteBlogPost(app.database, app.config.dataDir, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/admin/blog/images",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Upload a picture for a post (PNG, JPEG, GIF or WebP, at most 5 MB; one file, form field 'file'): checked by its bytes, stored re-encoded as WebP",
        consumes: ["multipart/form-data"],
        response: { 201: uploadedImageSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      await enforceLimits(request, perAdmin(request, "blog-image", blogLimits.imageUploads));
      const webp = await processBlogImage(await readPictureUpload(request));
      return reply.status(201).send({ image: await saveBlogImage(app.config.dataDir, webp) });
    },
  );

  app.post(
    "/admin/blog/extract",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Read an article's page and return the blog form's fields: title, excerpt, plain-text paragraphs, lead image, author",
        body: extractBodySchema,
        response: { 200: extractedSchema, ...errors, 502: errorBodySchema },
      },
    },
    async (request) => {
      await enforceLimits(request, perAdmin(request, "blog-extract", blogLimits.extracts));
      return extractArticle(fetcher, request.body.url);
    },
  );
};
