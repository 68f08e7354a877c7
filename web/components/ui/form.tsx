import { LoaderCircle } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { primaryButton, secondaryButton } from "./styles.ts";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  busy?: boolean;
  variant?: "primary" | "secondary" | "danger";
};

/** A button that shows a spinner and refuses clicks while its action runs. */
export function Button({
  busy = false,
  variant = "primary",
  disabled,
  children,
  className = "",
  ...rest
}: ButtonProps) {
  const look =
    variant === "primary"
      ? primaryButton
      : variant === "danger"
        ? "inline-block rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-600"
        : secondaryButton;
  return (
    <button
      type="button"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${look} inline-flex items-center justify-center gap-2 disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...rest}
    >
      {busy ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> : null}
      {children}
    </button>
  );
}

/** An error for the form around it, announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-900 bg-red-950/60 px-3 py-2 text-sm text-red-200">
      {message}
    </p>
  );
}
