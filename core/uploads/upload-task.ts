/**
 * The specification's upload task as a pure state machine, with its retry limits and storage
 * errors (docs/architecture.md lists them). The browser's upload controller drives its buttons
 * from it; nothing here does I/O, so every transition is tested on its own.
 */
import { MESSAGES } from "../i18n/messages";

export const UPLOAD_STATES = ["running", "pausing", "paused", "canceling", "canceled", "error", "success"] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** What a person asks for (pause, resume, cancel) and what the transfer reports back. */
export type UploadEvent =
  | "pause"
  | "resume"
  | "cancel"
  /** The chunk in flight stopped after a pause. */
  | "paused"
  /** The server forgot the upload after a cancel. */
  | "canceled"
  | "failed"
  | "succeeded";

/** The specification's rules: pause only from running; resume from paused or pausing; cancel from running or pausing. */
const TRANSITIONS: Record<UploadEvent, Partial<Record<UploadState, UploadState>>> = {
  pause: { running: "pausing" },
  resume: { paused: "running", pausing: "running" },
  cancel: { running: "canceling", pausing: "canceling" },
  paused: { pausing: "paused" },
  canceled: { canceling: "canceled" },
  failed: { running: "error", pausing: "error", canceling: "error" },
  succeeded: { running: "success" },
};

export type TransitionResult =
  { ok: true; state: UploadState } | { ok: false; state: UploadState; reason: "not-allowed"; event: UploadEvent };

export function transition(state: UploadState, event: UploadEvent): TransitionResult {
  const next = TRANSITIONS[event][state];
  return next ? { ok: true, state: next } : { ok: false, state, reason: "not-allowed", event };
}

export function canApply(state: UploadState, event: UploadEvent): boolean {
  return transition(state, event).ok;
}

/** States the task never leaves. */
export function isFinished(state: UploadState): boolean {
  return state === "canceled" || state === "error" || state === "success";
}

/** The specification's limit: one operation (a chunk) keeps retrying for at most this long. */
export const MAX_OPERATION_RETRY_MS = 120_000;
/** The specification's limit: a whole upload gives up after this long. */
export const MAX_UPLOAD_RETRY_MS = 600_000;
/** The specification's limit: chunks stay below this size. */
export const MAX_CHUNK_BYTES_EXCLUSIVE = 33_554_432;
/**
 * Bytes sent per request. Small, so a dropped connection on mobile data costs at most this much
 * again; a resized photo (~300 KB) goes in two or three requests.
 */
export const UPLOAD_CHUNK_BYTES = 128 * 1024;
/** Longest wait between two tries of one chunk. */
const MAX_RETRY_DELAY_MS = 30_000;
const FIRST_RETRY_DELAY_MS = 1_000;

/**
 * Waits between tries of one chunk: doubling from 1 s, each at most 30 s, adding up to no more
 * than the spec's 120 s per operation.
 */
export function retryDelays(maxTotalMs: number = MAX_OPERATION_RETRY_MS): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let delay = FIRST_RETRY_DELAY_MS; ; delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS)) {
    const next = Math.min(delay, maxTotalMs - total);
    if (next <= 0) return delays;
    delays.push(next);
    total += next;
  }
}

/** Whether a failed upload may try again, given how long it has been running (pauses excluded). */
export function mayRetryUpload(activeMs: number): boolean {
  return activeMs < MAX_UPLOAD_RETRY_MS;
}

/** The specification's own words for an upload that is missing or someone else's, kept as they are in every language. */
export const SPEC_NO_DOWNLOAD_URL = "The given file does not have any download URLs.";

/**
 * The specification's storage errors, with what the sell form says for each (in English; the
 * catalogue's `upload.*` has each in the page's language, decision 015).
 */
export const UPLOAD_ERROR_MESSAGES = {
  // An upload that is missing or someone else's. The first sentence is the specification's own
  // words for this error, kept as they are, like its other messages.
  "no-download-url": `${SPEC_NO_DOWNLOAD_URL} Please add the photo again.`,
  "no-default-bucket": "Photo storage is not set up on this site yet. Please try again later.",
  "root-reference": "That photo could not be saved. Please add it again.",
  "invalid-url": "That photo could not be found. Please add it again.",
  canceled: "Upload canceled.",
  "storage-deleted": "Photo uploads are not available right now. Please try again later.",
  "retry-limit-exceeded": "The network is too slow right now. Remove the photo and add it again: it carries on from where it stopped.",
  unauthenticated: MESSAGES.mustLogin,
  "too-many-uploads": "Too many photos are uploading at once. Please wait for one to finish.",
  "too-large": "This photo is too large. Please choose a smaller photo.",
  unknown: "The upload stopped. Please check your connection, then remove the photo and add it again.",
} as const;
export type UploadErrorCode = keyof typeof UPLOAD_ERROR_MESSAGES;

/** Turns a tus HTTP status (or none, for a network error) into one of the errors above. */
export function uploadErrorFor(status: number | undefined, retriesExhausted: boolean): UploadErrorCode {
  switch (status) {
    case 401:
      return "unauthenticated";
    case 404:
    case 410:
      return "invalid-url";
    case 413:
      return "too-large";
    case 429:
      return "too-many-uploads";
    case 503:
      return "storage-deleted";
    default:
      return retriesExhausted ? "retry-limit-exceeded" : "unknown";
  }
}
