/**
 * A sell form whose text is not valid UTF-8 (no browser sends one; an attacker can) is the
 * sender's mistake: a 400 with a message, never an unhandled error (found by security-fuzz).
 */
import { describe, expect, it } from "vitest";
import { isAppError } from "../../core/shared/app-error";
import { readPhotoForm } from "../../server/route-helpers/multipart";

function sellForm(description: Buffer): Request {
  const boundary = "----mandi-test";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBasmati\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n`),
    description,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Request("http://mandi.test/create", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

const options = { maxFileBytes: 1024, fileField: "image", maxFiles: 5 };

describe("readPhotoForm with text that is not UTF-8", () => {
  for (const [name, bytes] of [
    ["an overlong slash", [0xc0, 0xaf]],
    ["a lone surrogate (CESU-8)", [0xed, 0xa0, 0x80]],
    ["bytes that are never UTF-8", [0xff, 0xfe]],
    ["a cut-off Devanagari letter", [0xe0, 0xa4]],
  ] as const) {
    it(`refuses ${name} with a 400 and a message`, async () => {
      const error = await readPhotoForm(sellForm(Buffer.from([0x61, ...bytes, 0x62])), options).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isAppError(error) && error.status).toBe(400);
      expect((error as Error).message).toBe("We could not read that form. Please try again.");
    });
  }

  it("still reads well-formed Devanagari, ZWJ included", async () => {
    const form = await readPhotoForm(sellForm(Buffer.from("क्\u200dष चावल", "utf8")), options);
    expect(form.fields.description).toBe("क्\u200dष चावल");
  });
});
