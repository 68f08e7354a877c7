import fs from "node:fs";
import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  blogListQuerySchema,
  blogPostSchema,
  blogSummariesSchema,
  slugParamsSchema,
} from "../../../contracts/content.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { text } from "../../../contracts/text.ts";
import { notFound } from "../../errors.ts";
import { getBlogPost, listBlogSummaries } from "./blog.ts";
import { BLOG_IMAGE_NAME, blogImageDir } from "./blog-images.ts";

/** The blog for readers: the list, one post, and the pictures uploaded for posts. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/blog",
    {
      schema: {
        tags: ["content"],
        summary: "Blog posts without their content, newest first, a page at a time (a post's own page has the content)",
        querystring: blogListQuerySchema,
        response: { 200: blogSummariesSchema, 400: errorBodySchema },
      },
    },
    async (request) => listBlogSummaries(app.database, request.query),
  );

  app.get(
    "/blog/:slug",
    {
      schema: {
        tags: ["content"],
        summary: "One blog post by its slug (its url is /blog/<slug>); 404 'Post not found'",
        params: slugParamsSchema,
        response: { 200: blogPostSchema, 404: errorBodySchema },
      },
    },
    async (request) => getBlogPost(app.database, request.params.slug),
  );

  app.get(
    "/blog/images/:name",
    {
      schema: {
        tags: ["content"],
        summary: "A picture uploaded for a blog post (WebP)",
        params: z.object({ name: text().max(100) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const file = path.join(blogImageDir(app.config.dataDir), name);
      if (!BLOG_IMAGE_NAME.test(name) || !fs.existsSync(file)) throw notFound("No such picture");
      // Re-encoded by us, served with the one type it can be; names never repeat.
      return reply
        .type("image/webp")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("content-disposition", "inline")
        .header("x-content-type-options", "nosniff")
        .send(fs.createReadStream(file));
    },
  );
};
