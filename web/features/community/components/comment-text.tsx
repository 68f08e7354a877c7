import { commentParts } from "../../../../contracts/community-catalog.ts";

/** What a link in members' text carries: a new tab, no referrer or opener, and no endorsement. */
export const UGC_REL = "noopener noreferrer nofollow ugc";

/**
 * A comment's text exactly as written: React text nodes, with only http(s) addresses made
 * links; nothing in it is ever read as markup. Its direction comes from its own first
 * strong character and is isolated, so right-to-left text or direction overrides in it
 * cannot reorder anything around it.
 */
export function CommentText({ content, className = "" }: { content: string; className?: string }) {
  return (
    <p dir="auto" className={`whitespace-pre-wrap break-words [unicode-bidi:isolate] ${className}`}>
      {commentParts(content).map((part, index) =>
        part.kind === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
            key={index}
            href={part.href}
            target="_blank"
            rel={UGC_REL}
            dir="ltr"
            className="break-all text-gem underline [unicode-bidi:isolate] hover:text-white"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
