import { useState } from "react";
import { type FileRejection, useDropzone } from "react-dropzone";
import { TextField } from "../../../../components/ui/fields.tsx";
import { Button } from "../../../../components/ui/form.tsx";
import { useUploadPostImage } from "../../admin-api.ts";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** react-dropzone's rejection codes in the admin's words. */
const rejections: Record<string, string> = {
  "file-invalid-type": "Choose a PNG, JPG, GIF or WebP picture.",
  "file-too-large": "That picture is larger than 5 MB. Choose a smaller one.",
  "file-too-small": "That file is empty. Choose a picture.",
  "too-many-files": "Drop one picture only.",
};

const rejectionMessage = (rejection: FileRejection | undefined) =>
  rejections[rejection?.errors[0]?.code ?? ""] ?? "That file cannot be used as a picture.";

/**
 * The post's image is an address or an uploaded file — one or the other: while
 * one is set the other is closed, and a preview shows with a button to remove it. An
 * upload goes to the server at once; the form keeps only the address it answers.
 */
export function BlogImageField({
  imageUrl,
  uploaded,
  onChange,
  error,
}: {
  imageUrl: string;
  uploaded: string | null;
  onChange: (image: { imageUrl: string; uploaded: string | null }) => void;
  error: string | undefined;
}) {
  const upload = useUploadPostImage();
  const [problem, setProblem] = useState<string | null>(null);
  const typed = imageUrl.trim() !== "";
  const closed = typed || uploaded !== null || upload.isPending;
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: {
      "image/png": [".png"],
      "image/jpeg": [".jpg", ".jpeg"],
      "image/gif": [".gif"],
      "image/webp": [".webp"],
    },
    maxSize: IMAGE_MAX_BYTES,
    minSize: 1,
    maxFiles: 1,
    multiple: false,
    disabled: closed,
    onDrop: (accepted, rejected) => {
      setProblem(null);
      const [file] = accepted;
      if (!file) {
        setProblem(rejectionMessage(rejected[0]));
        return;
      }
      upload.mutate(file, {
        onSuccess: ({ image }) => onChange({ imageUrl: "", uploaded: image }),
        onError: (failure) => setProblem(failure.message),
      });
    },
  });
  const preview = uploaded ?? (typed ? imageUrl.trim() : null);
  const dropText = upload.isPending
    ? "Uploading…"
    : uploaded
      ? "Remove the uploaded image to choose another."
      : typed
        ? "Clear the image address to upload a file instead."
        : isDragActive
          ? "Drop the picture here"
          : "Drop a picture here, or click to choose one (PNG, JPG, GIF or WebP, up to 5 MB)";
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-zinc-200">Image</legend>
      <TextField
        label="Image URL"
        type="url"
        placeholder="https://"
        maxLength={2048}
        value={imageUrl}
        disabled={uploaded !== null}
        onChange={(event) => onChange({ imageUrl: event.target.value, uploaded: null })}
        hint={
          uploaded
            ? "An uploaded image is in use: remove it to give an address instead."
            : "An address, or upload a file below: one or the other."
        }
        error={error}
      />
      <div
        {...getRootProps({
          "aria-disabled": closed || undefined,
          className: `flex flex-col items-center justify-center rounded-lg border border-dashed px-4 py-6 text-center text-sm ${
            typed || uploaded
              ? "cursor-not-allowed border-line text-zinc-500"
              : isDragActive
                ? "cursor-pointer border-gem bg-gem/10 text-gem"
                : "cursor-pointer border-line text-zinc-400 hover:border-zinc-500"
          }`,
        })}
      >
        <input {...getInputProps({ "aria-label": "Upload an image", disabled: closed })} />
        {dropText}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      ) : null}
      {preview ? (
        <ImagePreview key={preview} src={preview} onRemove={() => onChange({ imageUrl: "", uploaded: null })} />
      ) : null}
    </fieldset>
  );
}

function ImagePreview({ src, onRemove }: { src: string; onRemove: () => void }) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="flex flex-wrap items-start gap-3">
      {broken ? (
        <p className="w-60 rounded-md border border-amber-900/60 bg-amber-950/30 p-3 text-sm text-amber-100">
          This image could not be shown: check the address.
        </p>
      ) : (
        <img
          src={src}
          alt="Preview of what the post will show"
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
          className="h-32 w-60 rounded-md border border-line object-cover"
        />
      )}
      <Button variant="secondary" onClick={onRemove}>
        Remove image
      </Button>
    </div>
  );
}
