export { topStoryLeads } from "./answers.ts";
export { presentArticles } from "./present-articles.ts";
export { presentStoryArticle } from "./presenter.ts";
export { storyRoutes } from "./routes.ts";
export type { StoryGroup } from "./story-group.ts";
export { storyIdOf } from "./story-group.ts";
export type { StoryOf } from "./story-ids.ts";
export { storyIdsOf } from "./story-ids.ts";
export { storiesVisibleTo } from "./visible.ts";
