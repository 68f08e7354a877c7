import { type FormEvent, useState } from "react";
import { TextField } from "../../../../components/ui/fields.tsx";
import { Button } from "../../../../components/ui/form.tsx";
import { fieldErrors } from "../../../../lib/field-errors.ts";
import { type Extracted, useExtract } from "../../admin-api.ts";
import { extractedFields } from "../../blog-form-values.ts";

/**
 * The blog form's 'Extract': the server reads the article at the
 * address and the blog form takes its title, excerpt, content, image and author.
 */
export function ExtractForm({ onExtracted }: { onExtracted: (found: Extracted) => void }) {
  const [url, setUrl] = useState("");
  const [filled, setFilled] = useState<string[] | null>(null);
  const extract = useExtract();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilled(null);
    extract.mutate(url.trim(), {
      onSuccess: (found) => {
        onExtracted(found);
        setFilled(extractedFields(found));
      },
    });
  };
  const failure = extract.isError ? fieldErrors(extract.error) : null;
  return (
    <form
      onSubmit={submit}
      aria-label="Extract from an article"
      className="max-w-2xl space-y-2 rounded-xl border border-line bg-panel/60 p-4"
    >
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          className="min-w-64 flex-1"
          label="Article address"
          type="url"
          required
          placeholder="https://"
          maxLength={2048}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          hint="Fills the title, excerpt, content, image and author from the article; check them before publishing."
        />
        {/* Level with the input, below its label (the hint under the input would push it down). */}
        <Button type="submit" variant="secondary" busy={extract.isPending} className="mt-6">
          Extract
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-300">
          {failure.fields.url ?? failure.other ?? "The article could not be read."}
        </p>
      ) : null}
      {filled ? (
        <p role="status" className="text-sm text-emerald-300">
          {filled.length > 0
            ? `Filled in from the article: ${filled.join(", ")}.`
            : "The article gave nothing to fill in; the form is unchanged."}
        </p>
      ) : null}
    </form>
  );
}
