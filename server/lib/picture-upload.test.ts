import multipart from "@fastify/multipart";
import Fastify, { type FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandler } from "../plugins/errors.ts";
import { readPictureUpload } from "./picture-upload.ts";

/** A multipart request whose file part fails the way `failure` does. */
const failing = (failure: Error, raw = { destroyed: false, complete: true }) =>
  ({
    raw,
    isMultipart: () => true,
    file: async () => {
      throw failure;
    },
  }) as unknown as FastifyRequest;

describe("readPictureUpload's failures", () => {
  it("answers a form that is not well formed 400, in words", async () => {
    for (const failure of [
      new Error("Multipart: Boundary not found"),
      new Error("Unexpected end of multipart data"),
      new Error("Part terminated early due to unexpected end of multipart data"),
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

  it("answers an upload the client hung up on as the client's fault, not a server or database failure", async () => {
    const reset = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    await expect(readPictureUpload(failing(reset, { destroyed: true, complete: false }))).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it("leaves the server's own failures (out of file handles, a bug) as they are: a 500, logged", async () => {
    const emfile = Object.assign(new Error("EMFILE: too many open files"), { code: "EMFILE" });
    await expect(readPictureUpload(failing(emfile))).rejects.toBe(emfile);
    const bug = new TypeError("Cannot read properties of undefined (reading 'toBuffer')");
    await expect(readPictureUpload(failing(bug))).rejects.toBe(bug);
  });

  it("answers a real form cut off after a whole file part (no closing boundary) 400, not 500", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(multipart);
    app.post("/upload", async (request) => ({ bytes: (await readPictureUpload(request)).length }));
    try {
      const boundary = "----gemwire-cut";
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const whole = `${head}${"x".repeat(64)}\r\n--${boundary}--\r\n`;
      const cut = `${head}${"x".repeat(64)}\r\n`;
      const send = (payload: string) =>
        app.inject({
          method: "POST",
          url: "/upload",
          headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
          payload,
        });
      expect((await send(whole)).json()).toEqual({ bytes: 64 });
      const response = await send(cut);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe("The upload is not a well-formed multipart/form-data form");
    } finally {
      await app.close();
    }
  });
});
