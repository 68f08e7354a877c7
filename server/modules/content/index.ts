export { blogFeedRoutes } from "./blog-feed.ts";
export { pruneUnusedBlogImages } from "./blog-images.ts";
export { findPostBySlug, findPostTitle, holdPost } from "./blog-repository.ts";
export { contentRoutes } from "./routes.ts";
