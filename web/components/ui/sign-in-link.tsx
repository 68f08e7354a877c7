import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSignInPath } from "../../lib/return-path.ts";

/** A link to the sign-in page that brings the reader back to this page afterwards. */
export function SignInLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Link to={useSignInPath()} className={className}>
      {children}
    </Link>
  );
}
