import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { copyText } from "../../lib/clipboard.ts";
import { secondaryButton } from "./styles.ts";
import { toast } from "./toast/toast-store.ts";

/** How long the button shows its check mark after copying. */
const COPIED_MS = 2_000;

/** A button that copies `text` and says so (a check mark and a toast), or shows the text when copying fails. */
export function CopyButton({ text, label, copiedMessage }: { text: string; label: string; copiedMessage: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    copyText(text).then(
      () => {
        setCopied(true);
        toast({ title: copiedMessage });
      },
      () =>
        toast({
          title: "Could not copy",
          description: `Select it and copy it by hand: ${text}`,
          variant: "destructive",
        }),
    );
  return (
    <button type="button" onClick={() => void copy()} className={`${secondaryButton} inline-flex items-center gap-2`}>
      {copied ? <Check className="size-4 text-gem" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      {label}
    </button>
  );
}
