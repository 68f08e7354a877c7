/** A member's picture beside what they wrote, or the first letters of their name. */
export function MemberFace({ name, avatar }: { name: string; avatar: string | null }) {
  if (avatar) return <img src={avatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-gem/20 text-xs font-semibold text-gem"
    >
      {Array.from(name.replace(/[\s\p{Cf}]/gu, ""))
        .slice(0, 2)
        .join("")
        .toUpperCase() || "?"}
    </span>
  );
}
