/**
 * One photo's resumable upload (tus), driven by the upload task state machine in core/: the
 * buttons ask for pause, resume or cancel, the transfer reports paused, canceled, failed or
 * succeeded, and anything the machine refuses does nothing. A photo added again after a reload
 * carries on from where it stopped (tus-js-client keeps its address in localStorage, under a
 * fingerprint of the exact bytes).
 */
import { Upload, type DetailedError } from "tus-js-client";
import {
  UPLOAD_CHUNK_BYTES,
  type UploadErrorCode,
  mayRetryUpload,
  retryDelays,
  transition,
  uploadErrorFor,
  type UploadEvent,
  type UploadState,
} from "../../../core/uploads/upload-task";

export interface PhotoUploadView {
  state: UploadState;
  sentBytes: number;
  totalBytes: number;
  /** Set once the server has the whole photo. */
  uploadId: string | null;
  /** Set when the upload failed or was canceled: what went wrong (the picker words it, UPLOAD_ERROR_MESSAGES in English). */
  error: UploadErrorCode | null;
}

export interface PhotoUploadHandle {
  pause(): void;
  resume(): void;
  cancel(): void;
}

const UPLOADS_ENDPOINT = "/uploads";

export function startPhotoUpload(options: {
  blob: Blob;
  fileName: string;
  fingerprint: string;
  onChange: (view: PhotoUploadView) => void;
}): PhotoUploadHandle {
  let view: PhotoUploadView = { state: "running", sentBytes: 0, totalBytes: options.blob.size, uploadId: null, error: null };
  // Time spent running (pauses excluded), for the spec's limit on a whole upload.
  let activeMs = 0;
  let runningSince = Date.now();
  const activeTime = () => activeMs + (view.state === "running" ? Date.now() - runningSince : 0);

  const update = (change: Partial<PhotoUploadView>) => {
    view = { ...view, ...change };
    options.onChange(view);
  };
  /** Applies an event; false (and no change) when the state machine refuses it. */
  const apply = (event: UploadEvent, change: Partial<PhotoUploadView> = {}): boolean => {
    const result = transition(view.state, event);
    if (!result.ok) return false;
    if (view.state === "running") activeMs += Date.now() - runningSince;
    if (result.state === "running") runningSince = Date.now();
    update({ ...change, state: result.state });
    return true;
  };

  const upload = new Upload(options.blob, {
    endpoint: UPLOADS_ENDPOINT,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: retryDelays(),
    metadata: { filename: options.fileName, filetype: options.blob.type },
    fingerprint: async () => options.fingerprint,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onShouldRetry: (error: DetailedError) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      // The server refused (not signed in, too large, too many): trying again will not help.
      if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
      return mayRetryUpload(activeTime());
    },
    onProgress: (sentBytes, totalBytes) => update({ sentBytes, totalBytes }),
    onSuccess: () => {
      apply("succeeded", { sentBytes: options.blob.size, uploadId: upload.url?.split("/").pop() ?? null });
    },
    onError: (error) => {
      const status = (error as DetailedError).originalResponse?.getStatus();
      apply("failed", { error: uploadErrorFor(status || undefined, !status) });
    },
  });

  void (async () => {
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    if (view.state === "running") upload.start();
  })();

  return {
    pause() {
      if (!apply("pause")) return;
      void upload.abort(false).then(() => apply("paused"));
    },
    resume() {
      if (apply("resume")) upload.start();
    },
    cancel() {
      if (!apply("cancel")) return;
      // abort(true) also asks the server to forget the upload, and forgets its saved address.
      upload
        .abort(true)
        .then(() => apply("canceled", { error: "canceled" }))
        .catch(() => apply("failed", { error: "canceled" }));
    },
  };
}

/**
 * A fingerprint of the bytes being sent, so a photo added again after a reload finds its
 * unfinished upload, and a different photo never does. (Web Crypto needs a secure context; on
 * plain HTTP the name, size and date stand in.)
 */
export async function fingerprintOf(blob: Blob, original: File): Promise<string> {
  if (globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
    return `mandi-photo-${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("")}`;
  }
  return `mandi-photo-${original.name}-${original.size}-${original.lastModified}-${blob.size}`;
}

/** Asks the server to forget a finished upload the seller removed; if this fails, expiry removes it. */
export function discardFinishedUpload(uploadId: string): void {
  void fetch(`${UPLOADS_ENDPOINT}/${uploadId}`, { method: "DELETE", headers: { "Tus-Resumable": "1.0.0" } }).catch(() => {});
}
