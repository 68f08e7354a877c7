import { type FormEvent, useState } from "react";
import { MAX_FEED_ADDRESS } from "../../../../contracts/reading-catalog.ts";
import { TextField } from "../../../components/ui/fields.tsx";
import { Button } from "../../../components/ui/form.tsx";
import { toast } from "../../../components/ui/toast/toast-store.ts";
import { fieldErrors } from "../../../lib/field-errors.ts";
import { useAddMemberFeed } from "../api.ts";

/** The server's words when the member already follows the most feeds allowed. */
export const limitReached = (limit: number) => `You follow ${limit} feeds, the most allowed — remove one first.`;

/**
 * 'Add a feed': a feed's address or a site's (the server follows the feed the site's page
 * links to). The server's refusal is shown beside the field, in its words.
 */
export function AddFeedForm({ full, limit }: { full: boolean; limit: number }) {
  const add = useAddMemberFeed();
  const [address, setAddress] = useState("");
  const refused = add.error ? fieldErrors(add.error) : null;
  const error = refused ? (refused.fields.address ?? refused.other ?? undefined) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (full || add.isPending) return;
    add.mutate(address.trim(), {
      onSuccess: ({ feed }) => {
        setAddress("");
        toast({
          title: `Following ${feed.title}`,
          description: "Its articles appear on your dashboard and in My Feed.",
        });
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label="Add a feed" className="space-y-3">
      <TextField
        label="Feed or site address"
        type="text"
        inputMode="url"
        name="address"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        placeholder="https://example.com/feed.xml or https://example.com"
        maxLength={MAX_FEED_ADDRESS}
        autoComplete="off"
        spellCheck={false}
        required
        disabled={full}
        hint={
          full
            ? limitReached(limit)
            : "Paste a feed's address (RSS or Atom), or a site's: Gemwire follows the feed the site's page links to."
        }
        error={error}
      />
      <Button type="submit" busy={add.isPending} disabled={full}>
        {add.isPending ? "Adding…" : "Add feed"}
      </Button>
    </form>
  );
}
