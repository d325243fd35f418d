import { describe, expect, it } from "vitest";
import { AppError, ERROR_STATUS, isAppError, type AppErrorCode } from "./app-error";

describe("AppError", () => {
  it.each<[AppErrorCode, number]>([
    ["BAD_INPUT", 400],
    ["UNAUTHENTICATED", 401],
    ["FORBIDDEN", 403],
    ["NOT_FOUND", 404],
    ["CONFLICT", 409],
    ["GONE", 410],
    ["TOO_LARGE", 413],
    ["UNSUPPORTED_MEDIA", 415],
    ["RATE_LIMITED", 429],
  ])("maps %s to HTTP %i", (code, status) => {
    expect(new AppError(code, "message").status).toBe(status);
    expect(ERROR_STATUS[code]).toBe(status);
  });

  it("has a status for every code, all client errors but an outside service's 503 (an SMS provider, decision 058)", () => {
    expect(Object.keys(ERROR_STATUS)).toHaveLength(10);
    expect(new AppError("UNAVAILABLE", "message").status).toBe(503);
    const { UNAVAILABLE: _unavailable, ...clientErrors } = ERROR_STATUS;
    for (const status of Object.values(clientErrors)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });

  it("is an Error carrying its code and message", () => {
    const error = new AppError("NOT_FOUND", "That listing is gone.");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("AppError");
    expect(error.code).toBe("NOT_FOUND");
    expect(error.message).toBe("That listing is gone.");
    expect(error.field).toBeUndefined();
    expect(error.cause).toBeUndefined();
  });

  it("keeps the field the message belongs beside and the cause", () => {
    const cause = new Error("unique constraint");
    const error = new AppError("CONFLICT", "That email is taken.", { field: "email", cause });
    expect(error.field).toBe("email");
    expect(error.cause).toBe(cause);
    expect(error.status).toBe(409);
  });
});

describe("isAppError", () => {
  it("recognises an AppError", () => {
    expect(isAppError(new AppError("FORBIDDEN", "No."))).toBe(true);
  });

  it.each([
    ["a plain Error", new Error("boom")],
    ["a look-alike object", { name: "AppError", code: "NOT_FOUND", status: 404, message: "x" }],
    ["a string", "NOT_FOUND"],
    ["null", null],
    ["undefined", undefined],
  ])("rejects %s", (_label, value) => {
    expect(isAppError(value)).toBe(false);
  });
});
