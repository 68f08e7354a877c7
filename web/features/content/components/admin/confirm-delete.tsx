import { Dialog } from "../../../../components/ui/dialog.tsx";
import { Button, FormError } from "../../../../components/ui/form.tsx";

/** Asks before deleting an event or post: nothing is removed without a second, explicit yes. */
export function ConfirmDelete({
  what,
  name,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  /** "event" or "post". */
  what: string;
  name: string;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Delete this ${what}?`}
      description={`“${name}” will be removed for good.`}
      className="max-w-md"
    >
      <div className="space-y-4">
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            Delete {what}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
