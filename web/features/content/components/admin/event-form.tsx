import { type FormEvent, useState } from "react";
import { INVALID_DATES } from "../../../../../contracts/content-catalog.ts";
import { TextAreaField, TextField } from "../../../../components/ui/fields.tsx";
import { Button, FormError } from "../../../../components/ui/form.tsx";
import { toast } from "../../../../components/ui/toast/toast-store.ts";
import { type FieldErrors, fieldErrors } from "../../../../lib/field-errors.ts";
import { useEventForEdit, useSaveEvent } from "../../admin-api.ts";
import { type EventFormValues, emptyEventValues, eventSubmission, valuesFromEvent } from "../../event-form-values.ts";
import { EditTarget } from "./edit-target.tsx";
import { LocationField } from "./location-field.tsx";

const noErrors: FieldErrors = { fields: {}, other: null };

/**
 * The admin's 'Add Event' / 'Edit Event' tab, the event form: a new event, or the one
 * `editId` names. `onSaved` runs after the server took it (the app goes back to the list).
 */
export function EventForm({
  editId,
  onSaved,
  onCancel,
}: {
  editId: string | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const target = useEventForEdit(editId);
  if (editId === null)
    return <EventFields id={null} initial={emptyEventValues} onSaved={onSaved} onCancel={onCancel} />;
  return (
    <EditTarget what="event" query={target} onBack={onCancel}>
      {(event) => <EventFields id={editId} initial={valuesFromEvent(event)} onSaved={onSaved} onCancel={onCancel} />}
    </EditTarget>
  );
}

function EventFields({
  id,
  initial,
  onSaved,
  onCancel,
}: {
  id: string | null;
  initial: EventFormValues;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState(noErrors);
  const save = useSaveEvent();
  const set = (change: Partial<EventFormValues>) => setValues((current) => ({ ...current, ...change }));
  const field = (name: keyof EventFormValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => set({ [name]: event.target.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const submission = eventSubmission(values);
    if (submission === "invalid-dates") {
      // The start after the end is a toast, and nothing is saved.
      toast({ title: INVALID_DATES.title, description: INVALID_DATES.message, variant: "destructive" });
      return;
    }
    setErrors(noErrors);
    save.mutate(
      { id, event: submission },
      {
        onSuccess: () => {
          toast({ title: id ? "Event saved" : "Event added", description: submission.title });
          if (!id) setValues(emptyEventValues);
          onSaved();
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  };

  const e = errors.fields;
  return (
    <form onSubmit={submit} aria-label={id ? "Edit event" : "Add event"} className="max-w-2xl space-y-4">
      <FormError message={errors.other ?? undefined} />
      <TextField label="Title" required maxLength={200} error={e.title} {...field("title")} />
      <TextAreaField
        label="Description"
        required
        rows={4}
        maxLength={5000}
        error={e.description}
        {...field("description")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Start date" type="datetime-local" required error={e.startDate} {...field("startDate")} />
        <TextField label="End date" type="datetime-local" required error={e.endDate} {...field("endDate")} />
      </div>
      <LocationField value={values} onChange={set} errors={e} />
      <TextField
        label="Website"
        type="url"
        required
        placeholder="https://"
        maxLength={2048}
        error={e.website}
        {...field("website")}
      />
      <TextField
        label="Image URL"
        type="url"
        placeholder="https:// (optional)"
        maxLength={2048}
        error={e.imageUrl}
        {...field("imageUrl")}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending}>
          {id ? "Save changes" : "Add event"}
        </Button>
        {id ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
