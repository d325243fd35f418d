import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createLogger, loggedError } from "./logger";

/** The lines a logger made like the app's writes, read back as JSON. */
function capture(): { logger: pino.Logger; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
  const logger = createLogger("info", sink);
  return {
    logger,
    lines: () =>
      chunks
        .join("")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe("the log's errors", () => {
  it("keep their type, message, stack and codes, never what else they carry (a pool's settings, recipients)", () => {
    const { logger, lines } = capture();
    const error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
      errno: -111,
      client: { connectionParameters: { password: "s3cret-password" } },
      rejected: ["buyer@example.in"],
      cause: Object.assign(new Error("inner"), { config: { password: "another-s3cret" }, code: "EINNER" }),
    });
    logger.warn({ err: error }, "database unavailable");
    const [line] = lines();
    const text = JSON.stringify(line);
    expect(text).not.toContain("s3cret");
    expect(text).not.toContain("buyer@example.in");
    expect(line?.err).toMatchObject({
      type: "Error",
      message: "connect ECONNREFUSED 127.0.0.1:5432",
      code: "ECONNREFUSED",
      errno: -111,
      cause: { message: "inner", code: "EINNER" },
    });
    expect((line?.err as { stack?: string }).stack).toContain("logger.test.ts");
    // pino-http hands the serializer an error pino has already made plain: the same rule holds.
    expect(JSON.stringify(loggedError(pino.stdSerializers.err(error)))).not.toContain("s3cret");
  });
});
