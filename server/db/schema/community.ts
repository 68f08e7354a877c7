import type { Generated } from "kysely";

/** What members do with articles: votes, favorites, read state, comments' interactions and notifications. */

/** The article links a member has opened (migration 017), bounded per member. */
export interface ReadArticlesTable {
  user_id: string;
  link: string;
  read_at: number;
}

export type VoteDirection = "up" | "down";

export interface ArticleVotesTable {
  user_id: string;
  link: string;
  direction: VoteDirection;
  created_at: number;
}

/** A member's favorite article: a snapshot taken when it was added. */
export interface FavoritesTable {
  user_id: string;
  link: string;
  item_id: string;
  title: string;
  description: string;
  image: string | null;
  source: string;
  creator: string;
  published_at: number;
  /** 1 when the article's feed gave no date (published_at is when it was first seen). */
  undated: Generated<number>;
  created_at: number;
}

/** A comment, a row of user_interactions (migration 010). */
export interface UserInteractionsTable {
  id: string;
  user_id: string;
  /** The article's link or the blog post's url. */
  content_id: string;
  /** The article's title when the comment was written. */
  content_title: string | null;
  interaction_type: "comment";
  content: string;
  created_at: number;
  edited_at: number | null;
}

export type NotificationKind = "comment" | "mention" | "prediction";

/** A notification (migration 010): numbered per member by users.notification_seq. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  seq: number;
  kind: NotificationKind;
  title: string;
  description: string;
  /** Where clicking it goes, a path on this site. */
  target: string | null;
  /** What made it: 'comment:<id>' or 'prediction:<id>'; unique per member. */
  cause: string;
  /** Who made it: the commenter (migration 012); null for a prediction's outcome. */
  actor_id: string | null;
  read_at: number | null;
  created_at: number;
}
