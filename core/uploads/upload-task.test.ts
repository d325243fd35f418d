import { describe, expect, it } from "vitest";
import {
  MAX_CHUNK_BYTES_EXCLUSIVE,
  MAX_OPERATION_RETRY_MS,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_STATES,
  canApply,
  isFinished,
  mayRetryUpload,
  retryDelays,
  transition,
  uploadErrorFor,
  type UploadEvent,
  type UploadState,
} from "./upload-task";

// The whole table, written out: every state × every event. Anything not listed is refused.
const ALLOWED: Record<string, UploadState> = {
  "running pause": "pausing",
  "paused resume": "running",
  "pausing resume": "running",
  "running cancel": "canceling",
  "pausing cancel": "canceling",
  "pausing paused": "paused",
  "canceling canceled": "canceled",
  "running failed": "error",
  "pausing failed": "error",
  "canceling failed": "error",
  "running succeeded": "success",
};
const EVENTS: UploadEvent[] = ["pause", "resume", "cancel", "paused", "canceled", "failed", "succeeded"];

describe("upload task state machine (the specification's states and moves)", () => {
  const cases = UPLOAD_STATES.flatMap((state) => EVENTS.map((event) => [state, event] as const));

  it.each(cases)("from %s on %s", (state, event) => {
    const expected = ALLOWED[`${state} ${event}`];
    const result = transition(state, event);
    if (expected) {
      expect(result).toEqual({ ok: true, state: expected });
    } else {
      expect(result).toEqual({ ok: false, state, reason: "not-allowed", event });
    }
    expect(canApply(state, event)).toBe(Boolean(expected));
  });

  it("allows pause only from running, resume only from paused or pausing, cancel only from running or pausing", () => {
    expect(UPLOAD_STATES.filter((s) => canApply(s, "pause"))).toEqual(["running"]);
    expect(UPLOAD_STATES.filter((s) => canApply(s, "resume"))).toEqual(["pausing", "paused"]);
    expect(UPLOAD_STATES.filter((s) => canApply(s, "cancel"))).toEqual(["running", "pausing"]);
  });

  it("never leaves a finished state", () => {
    for (const state of UPLOAD_STATES.filter(isFinished)) {
      for (const event of EVENTS) expect(transition(state, event).ok).toBe(false);
    }
    expect(UPLOAD_STATES.filter(isFinished)).toEqual(["canceled", "error", "success"]);
  });
});

describe("the specification's retry limits", () => {
  it("backs off by doubling, capped, and adds up to at most 120000 ms for one operation", () => {
    const delays = retryDelays();
    expect(delays.slice(0, 5)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(Math.max(...delays)).toBeLessThanOrEqual(30_000);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(MAX_OPERATION_RETRY_MS);
  });

  it("fits any shorter budget exactly", () => {
    expect(retryDelays(2500)).toEqual([1000, 1500]);
    expect(retryDelays(0)).toEqual([]);
  });

  it("gives the whole upload up at 600000 ms", () => {
    expect(mayRetryUpload(599_999)).toBe(true);
    expect(mayRetryUpload(600_000)).toBe(false);
  });

  it("keeps chunks below 33554432 bytes", () => {
    expect(UPLOAD_CHUNK_BYTES).toBeLessThan(MAX_CHUNK_BYTES_EXCLUSIVE);
    expect(UPLOAD_CHUNK_BYTES).toBeGreaterThan(0);
  });
});

describe("upload errors (the specification's storage errors)", () => {
  it.each([
    [401, false, "unauthenticated"],
    [404, false, "invalid-url"],
    [410, false, "invalid-url"],
    [413, false, "too-large"],
    [429, false, "too-many-uploads"],
    [503, false, "storage-deleted"],
    [undefined, true, "retry-limit-exceeded"],
    [undefined, false, "unknown"],
    [500, false, "unknown"],
  ] as const)("status %s (retries exhausted: %s) is %s", (status, exhausted, code) => {
    expect(uploadErrorFor(status, exhausted)).toBe(code);
  });
});
