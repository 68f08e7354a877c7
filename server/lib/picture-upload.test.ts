import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { readPictureUpload } from "./picture-upload.ts";

/** A multipart request whose file part fails the way `failure` does. */
const failing = (failure: Error) =>
  ({
    isMultipart: () => true,
    file: async () => {
      throw failure;
    },
  }) as unknown as FastifyRequest;

describe("readPictureUpload's failures", () => {
  it("answers a form that is not well formed 400, in words", async () => {
    for (const failure of [
      new Error("Multipart: Boundary not found"),
      new Error("Unexpected end of form"),
      Object.assign(new Error("the request was closed before the multipart data was fully parsed"), {
        code: "FST_MP_PREMATURE_CLOSE",
      }),
    ]) {
      await expect(readPictureUpload(failing(failure)), failure.message).rejects.toMatchObject({
        statusCode: 400,
        message: "The upload is not a well-formed multipart/form-data form",
      });
    }
  });

  it("leaves the server's own failures (out of file handles, a bug) as they are: a 500, logged", async () => {
    const emfile = Object.assign(new Error("EMFILE: too many open files"), { code: "EMFILE" });
    await expect(readPictureUpload(failing(emfile))).rejects.toBe(emfile);
    const bug = new TypeError("Cannot read properties of undefined (reading 'toBuffer')");
    await expect(readPictureUpload(failing(bug))).rejects.toBe(bug);
  });
});
