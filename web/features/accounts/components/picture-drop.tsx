import { type FileRejection, useDropzone } from "react-dropzone";
import { toast } from "../../../components/ui/toast/toast-store.ts";
import { useUploadAvatar } from "../api.ts";

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** react-dropzone's rejection codes in words a member understands. */
export const pictureRejectionMessages: Record<string, string> = {
  "file-invalid-type": "Choose a PNG, JPG or GIF picture.",
  "file-too-large": "That picture is larger than 5 MB. Choose a smaller one.",
  "file-too-small": "That file is empty. Choose a picture.",
  "too-many-files": "Only one picture can be used; the first one was taken.",
};

/** Explains why a drop was refused, in the member's words. */
export function describeRejection(rejection: FileRejection | undefined): string {
  const code = rejection?.errors[0]?.code ?? "";
  return pictureRejectionMessages[code] ?? "That file cannot be used as a picture.";
}

/** Drop or click to change the picture: png, jpg, jpeg, gif; only the first file is used. */
export function PictureDrop() {
  const upload = useUploadAvatar();
  const send = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => toast({ title: "Profile picture updated successfully" }),
      onError: (error) => toast({ title: "Picture not changed", description: error.message, variant: "destructive" }),
    });
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { "image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"], "image/gif": [".gif"] },
    maxSize: PICTURE_MAX_BYTES,
    minSize: 1,
    disabled: upload.isPending,
    onDrop: (accepted, rejected) => {
      const [first] = accepted;
      if (first) {
        send(first);
        if (accepted.length + rejected.length > 1)
          toast({ title: pictureRejectionMessages["too-many-files"] as string });
        return;
      }
      toast({ title: "Picture not changed", description: describeRejection(rejected[0]), variant: "destructive" });
    },
  });
  return (
    <div
      {...getRootProps({
        className: `flex cursor-pointer flex-col items-center justify-center rounded-lg border border-dashed px-4 py-6 text-center text-sm ${
          isDragActive ? "border-gem bg-gem/10 text-gem" : "border-line text-zinc-400 hover:border-zinc-500"
        }`,
      })}
    >
      <input {...getInputProps({ "aria-label": "Change profile picture" })} />
      {upload.isPending
        ? "Uploading…"
        : isDragActive
          ? "Drop the picture here"
          : "Drop a picture here, or click to choose one (PNG, JPG or GIF, up to 5 MB)"}
    </div>
  );
}
