import { type FormEvent, useState } from "react";
import { parseTags } from "../../../../../contracts/content-catalog.ts";
import { TextAreaField, TextField } from "../../../../components/ui/fields.tsx";
import { Button, FormError } from "../../../../components/ui/form.tsx";
import { toast } from "../../../../components/ui/toast/toast-store.ts";
import { type FieldErrors, fieldErrors } from "../../../../lib/field-errors.ts";
import { usePostForEdit, useSavePost } from "../../admin-api.ts";
import {
  type BlogFormValues,
  blogSubmission,
  emptyBlogValues,
  valuesFromPost,
  withExtracted,
} from "../../blog-form-values.ts";
import { Tags } from "../blog-card.tsx";
import { BlogImageField } from "./blog-image-field.tsx";
import { EditTarget } from "./edit-target.tsx";
import { ExtractForm } from "./extract-form.tsx";

const noErrors: FieldErrors = { fields: {}, other: null };

/**
 * The admin's 'Add Blog' tab, the blog form: a new post, or the one `editId` names (from
 * `?edit={id}&type=blog`). Nothing is required. `onSaved` runs after the server took it
 * (then the app goes home).
 */
export function BlogForm({
  editId,
  onSaved,
  onCancel,
}: {
  editId: string | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const target = usePostForEdit(editId);
  if (editId === null) return <BlogFields id={null} initial={emptyBlogValues} onSaved={onSaved} onCancel={onCancel} />;
  return (
    <EditTarget what="post" query={target} onBack={onCancel}>
      {(post) => (
        <BlogFields
          id={editId}
          initial={valuesFromPost(post)}
          storedDate={post.date}
          onSaved={onSaved}
          onCancel={onCancel}
        />
      )}
    </EditTarget>
  );
}

function BlogFields({
  id,
  initial,
  storedDate,
  onSaved,
  onCancel,
}: {
  id: string | null;
  initial: BlogFormValues;
  storedDate?: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState(noErrors);
  const save = useSavePost();
  const set = (change: Partial<BlogFormValues>) => setValues((current) => ({ ...current, ...change }));
  const field = (name: "title" | "excerpt" | "content" | "author" | "date" | "tags") => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => set({ [name]: event.target.value }),
  });
  const tags = parseTags(values.tags);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(noErrors);
    const post = blogSubmission(values, storedDate);
    save.mutate(
      { id, post },
      {
        onSuccess: () => {
          toast({ title: id ? "Post saved" : "Post published", description: post.title || undefined });
          if (!id) setValues(emptyBlogValues);
          onSaved();
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  };

  const e = errors.fields;
  return (
    <div className="space-y-6">
      <ExtractForm onExtracted={(found) => setValues((current) => withExtracted(current, found))} />
      <form onSubmit={submit} aria-label={id ? "Edit blog post" : "Add blog post"} className="max-w-2xl space-y-4">
        <FormError message={errors.other ?? undefined} />
        <TextField label="Title" maxLength={200} error={e.title} {...field("title")} />
        <TextAreaField label="Excerpt" rows={3} maxLength={1000} error={e.excerpt} {...field("excerpt")} />
        <TextAreaField
          label="Content"
          rows={14}
          maxLength={100_000}
          error={e.content}
          hint="Plain text: leave a blank line between paragraphs."
          {...field("content")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Author" maxLength={100} error={e.author} {...field("author")} />
          <TextField
            label="Date"
            type="date"
            error={e.date}
            hint={id ? "Empty: the post keeps its date." : "Empty: today."}
            {...field("date")}
          />
        </div>
        <div className="space-y-2">
          <TextField
            label="Tags"
            maxLength={2000}
            placeholder="Bitcoin, Markets"
            hint="Separate tags with commas."
            error={e.tags}
            {...field("tags")}
          />
          {tags.length > 0 ? <Tags tags={tags} label="Tags preview" /> : null}
        </div>
        <BlogImageField imageUrl={values.imageUrl} uploaded={values.uploaded} onChange={set} error={e.image} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={save.isPending}>
            {id ? "Save changes" : "Publish post"}
          </Button>
          {id ? (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
