import { Dialog } from "../../../components/ui/dialog.tsx";
import { useFeedSettings } from "../api.ts";
import { FeedChoiceForm } from "./feed-choice-form.tsx";

/** Edit RSS Feeds on the dashboard: the feed chooser in a dialog that saving or Cancel closes. */
export function EditFeedsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { query, setFeedChoice } = useFeedSettings();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Edit RSS Feeds"
      description="Choose the feeds on your dashboard and their order."
    >
      {query.data ? (
        <FeedChoiceForm saved={query.data} setFeedChoice={setFeedChoice} onClose={onClose} />
      ) : (
        <p className="text-muted">Loading…</p>
      )}
    </Dialog>
  );
}
