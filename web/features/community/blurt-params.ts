import { type BlurtFilter, type BlurtSort, blurtFilters, blurtSorts } from "../../../contracts/community-catalog.ts";

/*
 * Blurts keeps its filter and sort in the address (`filter`, omitted for All; `sort`,
 * omitted for Newest First), so a reload, a shared link and back/forward show the same list.
 * `comment` names the comment a notification pointed at. Reading is forgiving: a value we
 * would not write counts as the default.
 */

export type BlurtParams = { filter: BlurtFilter; sort: BlurtSort; comment: string | null };

const isFilter = (value: string | null): value is BlurtFilter => blurtFilters.includes(value as BlurtFilter);
const isSort = (value: string | null): value is BlurtSort => blurtSorts.includes(value as BlurtSort);

/** A comment id as the API hands them out: short, printable, no spaces. */
const COMMENT_ID = /^[\w-]{1,40}$/;

export function readBlurtParams(params: URLSearchParams): BlurtParams {
  const filter = params.get("filter");
  const sort = params.get("sort");
  const comment = params.get("comment");
  return {
    filter: isFilter(filter) ? filter : "all",
    sort: isSort(sort) ? sort : "newest",
    comment: comment && COMMENT_ID.test(comment) ? comment : null,
  };
}

/**
 * The address parameters after choosing another filter or sort. The opened comment is let
 * go (the reader has moved on); parameters that are not Blurts' own are kept.
 */
export function withBlurtParams(
  params: URLSearchParams,
  change: Partial<Pick<BlurtParams, "filter" | "sort">>,
): URLSearchParams {
  const current = readBlurtParams(params);
  const filter = change.filter ?? current.filter;
  const sort = change.sort ?? current.sort;
  const next = new URLSearchParams();
  for (const [name, value] of params) {
    if (name !== "filter" && name !== "sort" && name !== "comment") next.append(name, value);
  }
  if (filter !== "all") next.set("filter", filter);
  if (sort !== "newest") next.set("sort", sort);
  return next;
}

/** What a failed load says, for what the filter asked for (All asks for both). */
export function blurtsFailure(filter: BlurtFilter, comments: string, predictions: string): string[] {
  if (filter === "comments") return [comments];
  if (filter === "all") return [comments, predictions];
  return [predictions];
}
