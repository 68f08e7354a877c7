import type { FastifyPluginAsync } from "fastify";
import { blogPostUrl } from "../../../contracts/content-catalog.ts";
import { sharedFor } from "../../lib/answer-cache.ts";
import { renderRss } from "../../lib/publish-feed.ts";
import { siteUrlFor } from "../../lib/site-url.ts";
import { listFeedPosts } from "./blog-repository.ts";

/** How many of the newest posts the feed carries. */
export const BLOG_FEED_POSTS = 50;

/** The blog as RSS 2.0 at /feeds/blog.xml: the newest posts, linking to their pages here. */
export const blogFeedRoutes: FastifyPluginAsync = async (app) => {
  app.get("/feeds/blog.xml", { schema: { hide: true } }, async (request, reply) => {
    // Behind a proxy the request does not know the public address; PUBLIC_URL does.
    const siteUrl = siteUrlFor(request, reply);
    // Joined, not resolved: a PUBLIC_URL with a path (https://example.org/gemwire/) keeps it.
    const absolute = (path: string) => (path.startsWith("/") ? `${siteUrl}${path.slice(1)}` : path);
    const posts = await listFeedPosts(app.database, BLOG_FEED_POSTS);
    const body = renderRss({
      title: "Gemwire — blog",
      description: "Posts from the Gemwire blog.",
      siteUrl: absolute("/blog"),
      feedUrl: absolute("/feeds/blog.xml"),
      // Authors and tags are the admin's text, stored and published as written.
      plainText: "as-written",
      items: posts.map((post) => ({
        id: post.id,
        title: post.title,
        link: absolute(blogPostUrl(post.slug)),
        pubDate: new Date(post.date).toISOString(),
        description: post.excerpt,
        // Uploaded images live on this site: readers need the whole address.
        image: post.image ? absolute(post.image) : null,
        creator: post.author,
        categories: JSON.parse(post.tags) as string[],
      })),
    });
    return reply
      .type("application/rss+xml; charset=utf-8")
      .header("cache-control", sharedFor(app.config.accessMode, 300))
      .send(body);
  });
};
