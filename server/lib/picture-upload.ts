import type { FastifyRequest } from "fastify";
import { AppError, invalidRequest } from "../errors.ts";
import { IMAGE_MAX_BYTES } from "./images.ts";

/** @fastify/multipart's codes for a form with more in it than one picture. */
const TOO_MANY_PARTS = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT"]);

/** @fastify/multipart's codes, and busboy's messages (it gives no code), for a form that is not well formed. */
const MALFORMED_CODES = new Set([
  "FST_MP_PREMATURE_CLOSE",
  "FST_PROTO_VIOLATION",
  "FST_INVALID_MULTIPART_CONTENT_TYPE",
  "ERR_STREAM_PREMATURE_CLOSE",
]);
const MALFORMED_MESSAGES =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|Part terminated early due to unexpected end of multipart data)/;

/** Whether `error` is the form's own fault (a parse error, a body cut short), not the server's. */
function isMalformedForm(error: unknown, request: FastifyRequest): boolean {
  // The client hung up mid-upload (its socket error would otherwise read as the server's).
  if (request.raw.destroyed && !request.raw.complete) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && MALFORMED_CODES.has(code)) return true;
  return typeof message === "string" && MALFORMED_MESSAGES.test(message);
}

/**
 * The one picture a form upload carries, read whole up to IMAGE_MAX_BYTES (avatars, blog
 * images). Every way the form itself can be wrong answers a clear 4xx rather than a 500:
 * not multipart (415), no file (400), too large or too many parts (413), or not a
 * well-formed form at all — no boundary, cut off before its end (400).
 */
export async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError(415, "unsupported_media_type", "Send the picture as multipart/form-data");
  try {
    const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
    if (!file) throw invalidRequest("Choose a picture to upload");
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? "";
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, "payload_too_large", `The picture is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
    }
    if (TOO_MANY_PARTS.has(code)) {
      throw new AppError(413, "payload_too_large", "Send one picture in the form field 'file', and nothing else");
    }
    if (isMalformedForm(error, request))
      throw invalidRequest("The upload is not a well-formed multipart/form-data form");
    // Anything else (out of file handles, a bug) is the server's: a 500, logged.
    throw error;
  }
}
