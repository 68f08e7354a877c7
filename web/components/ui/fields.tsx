import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useId } from "react";

/*
 * Labelled form controls. Apart from form.tsx's buttons: no page of the home route's first
 * download has a form field, so these stay out of it.
 */

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; error?: string };

const control =
  "w-full rounded-md border border-line bg-zinc-950 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-gem aria-invalid:border-red-700 disabled:opacity-60";

/** The label, hint and error around one control, tied to it for screen readers. */
function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (described: { "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children({ "aria-describedby": described || undefined, "aria-invalid": error ? true : undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input; the hint and the server's error (shown beneath) are tied to it for screen readers. */
export function TextField({ label, hint, error, className, ...input }: FieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(described) => <input id={id} className={control} {...described} {...input} />}
    </Field>
  );
}

type AreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode; error?: string };

/** A labelled multi-line text box, like TextField. */
export function TextAreaField({ label, hint, error, className, ...area }: AreaProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(described) => <textarea id={id} className={control} {...described} {...area} />}
    </Field>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: ReactNode; error?: string };

/** A labelled select, like TextField. */
export function SelectField({ label, hint, error, className, children, ...select }: SelectProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(described) => (
        <select id={id} className={control} {...described} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
