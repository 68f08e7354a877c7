import { useNavigate } from "react-router";
import { toast } from "../../components/ui/toast/toast-store.ts";
import { paths } from "../../paths.ts";
import { useSignOut } from "./api.ts";

/** Signing out, the same from Settings and from the avatar menu: then home, with a word either way. */
export function useSignOutFlow() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    pending: signOut.isPending,
    signOut: () =>
      signOut.mutate(undefined, {
        onSuccess: () => {
          toast({ title: "Signed out" });
          navigate(paths.home);
        },
        onError: (error) => toast({ title: "Could not sign out", description: error.message, variant: "destructive" }),
      }),
  };
}
