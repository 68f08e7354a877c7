import type { FileRejection } from "react-dropzone";
import { describe, expect, it } from "vitest";
import { describeRejection } from "./picture-drop.tsx";

const rejection = (code: string) => ({ file: new File([], "x"), errors: [{ code, message: "raw" }] }) as FileRejection;

describe("picture rejections", () => {
  it.each([
    ["file-invalid-type", "Choose a PNG, JPG or GIF picture."],
    ["file-too-large", "That picture is larger than 5 MB. Choose a smaller one."],
    ["file-too-small", "That file is empty. Choose a picture."],
    ["too-many-files", "Only one picture can be used; the first one was taken."],
    ["something-else", "That file cannot be used as a picture."],
  ])("explains %s in plain words", (code, message) => {
    expect(describeRejection(rejection(code))).toBe(message);
  });
});
