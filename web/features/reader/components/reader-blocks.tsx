import { useState } from "react";
import type { ReaderBlock } from "../../../../contracts/reading.ts";
import { httpLink } from "../../../lib/links.ts";

type Run = Extract<ReaderBlock, { type: "paragraph" }>["runs"][number];

/*
 * The article's text as React elements made from the server's blocks: text only, never
 * markup (no innerHTML), links only to http(s) addresses, opened in a new tab without
 * telling the site where the reader came from and without endorsing it.
 */

const headings = { 2: "h2", 3: "h3", 4: "h4" } as const;
const headingStyle = {
  2: "mt-8 text-xl font-semibold text-zinc-50",
  3: "mt-6 text-lg font-semibold text-zinc-50",
  4: "mt-4 font-semibold text-zinc-100",
} as const;

function Runs({ runs }: { runs: readonly Run[] }) {
  return runs.map((run, index) => {
    let content: React.ReactNode = run.text;
    if (run.em) content = <em>{content}</em>;
    if (run.strong) content = <strong className="font-semibold text-zinc-100">{content}</strong>;
    const href = run.href ? httpLink(run.href) : null;
    // Runs never move or change once read: their place is their identity.
    const key = `${index}`;
    return href ? (
      <a
        key={key}
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-gem underline decoration-gem/40 underline-offset-2 hover:decoration-gem"
      >
        {content}
      </a>
    ) : (
      <span key={key}>{content}</span>
    );
  });
}

/** An https picture of the article; gone without a trace when it does not load. */
function Picture({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src.startsWith("https://")) return null;
  return (
    <figure>
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="max-h-[28rem] w-full rounded-lg bg-zinc-900 object-contain"
      />
      {alt ? <figcaption className="mt-1 text-xs text-muted">{alt}</figcaption> : null}
    </figure>
  );
}

function Block({ block }: { block: ReaderBlock }) {
  switch (block.type) {
    case "paragraph":
      return (
        <p>
          <Runs runs={block.runs} />
        </p>
      );
    case "heading": {
      const Heading = headings[block.level];
      return (
        <Heading className={headingStyle[block.level]}>
          <Runs runs={block.runs} />
        </Heading>
      );
    }
    case "quote":
      return (
        <blockquote className="border-l-2 border-gem/60 pl-4 italic text-zinc-200">
          <Runs runs={block.runs} />
        </blockquote>
      );
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List className={`ml-5 space-y-1 ${block.ordered ? "list-decimal" : "list-disc"}`}>
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read article's items never move
            <li key={index}>
              <Runs runs={item} />
            </li>
          ))}
        </List>
      );
    }
    case "image":
      return <Picture src={block.src} alt={block.alt} />;
  }
}

/** The article's blocks in the app's long-form typography. */
export function ReaderBlocks({ blocks }: { blocks: readonly ReaderBlock[] }) {
  return (
    <div className="max-w-3xl space-y-4 text-[1.05rem] leading-relaxed text-zinc-300">
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read article's blocks never move
        <Block key={index} block={block} />
      ))}
    </div>
  );
}
