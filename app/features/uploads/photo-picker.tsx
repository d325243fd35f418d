/**
 * The listing form's photos with JavaScript (Sell and Edit): the listing's own photos first (on
 * Edit), then new ones, up to the configured limit (`maxPhotos`), each shrunk in the browser, then
 * sent as a resumable upload with a progress bar and Pause / Resume / Cancel; Move up / Move down
 * set the order (the first is the cover). The form then names its photos in order (`photo`
 * fields: a kept photo or a finished upload). Loaded only on the listing form's pages, after they
 * have hydrated. The photos and their uploads live in usePhotoItems; this draws them.
 */
import { useEffect, useState } from "react";
import { formatBytes } from "../../../core/uploads/file-size";
import { keepPhotoValue, uploadPhotoValue } from "../../../core/listings/listing-form";
import { canApply, isFinished, SPEC_NO_DOWNLOAD_URL, type UploadErrorCode } from "../../../core/uploads/upload-task";
import { type PhotoUploadView } from "./photo-upload";
import { useI18n, type I18n } from "../i18n/i18n";
import { usePhotoItems } from "./use-photo-items";

/** Why the form cannot be sent yet, or null when it can (as far as photos go). */
export type PhotosBlocker = { kind: "uploading" | "failed"; message: string } | null;

function photosBlocker(items: ReadonlyArray<{ view: PhotoUploadView }>, preparing: boolean, t: I18n["t"]): PhotosBlocker {
  // Photos still being made smaller are not in `items` yet, but they are on their way.
  if (preparing || items.some((item) => !isFinished(item.view.state))) {
    return { kind: "uploading", message: t("photo.stillUploading") };
  }
  if (items.some((item) => item.view.state !== "success")) return { kind: "failed", message: t("photo.removeFailed") };
  return null;
}

export interface PhotoPickerProps {
  maxPhotos: number;
  maxBytes: number;
  serverError: string | undefined;
  /** Photos chosen in the plain field before this loaded. */
  initialFiles: readonly File[];
  /** The listing's own photos, in order (Edit), minus any ticked for removal before this loaded. */
  currentPhotos: ReadonlyArray<{ imageKey: string }>;
  onBlockerChange: (blocker: PhotosBlocker) => void;
}

export default function PhotoPicker({ maxPhotos, maxBytes, serverError, initialFiles, currentPhotos, onBlockerChange }: PhotoPickerProps) {
  const { items, message, preparing, announcement, add, remove, move, control } = usePhotoItems({
    maxPhotos,
    maxBytes,
    initialFiles,
    currentPhotos,
  });
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; by: -1 | 1 } | null>(null);
  const shownError = message ?? serverError;
  const { t } = useI18n();

  useEffect(() => onBlockerChange(photosBlocker(items, preparing, t)), [items, preparing, onBlockerChange, t]);

  // After a move, focus stays on the moved photo's button (or its other one, at either end).
  useEffect(() => {
    if (!focusAfterMove) return;
    const wanted = document.getElementById(`${focusAfterMove.key}-${focusAfterMove.by < 0 ? "up" : "down"}`) as HTMLButtonElement | null;
    const other = document.getElementById(`${focusAfterMove.key}-${focusAfterMove.by < 0 ? "down" : "up"}`) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focusAfterMove]);

  function moveAndKeepFocus(index: number, by: -1 | 1) {
    move(index, by);
    setFocusAfterMove({ key: items[index]!.key, by });
  }

  const full = items.length >= maxPhotos;
  return (
    <div>
      <label htmlFor="image" className="label">
        {t("sell.photos")}
      </label>
      <input
        id="image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        multiple
        disabled={full || preparing}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? "image-hint image-error" : "image-hint"}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = ""; // the same photo can be chosen again after removing it
          void add(files);
        }}
        className="block w-full text-base file:me-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
      />
      <p id="image-hint" className="mt-1 text-sm text-stone-600">
        {t("sell.photosHint", { max: maxPhotos, mb: Math.round(maxBytes / (1024 * 1024)) })} {t("sell.shrinkHint")}
      </p>
      {shownError ? (
        <p id="image-error" className="field-error" role="alert">
          {shownError}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {preparing ? t("photo.preparing") : announcement}
      </p>
      {preparing ? <p className="mt-2 text-sm text-stone-700">{t("photo.preparing")}</p> : null}

      {items.length ? (
        <ol aria-label={t("photo.chosen")} className="mt-3 space-y-3">
          {items.map((item, index) => {
            const { view } = item;
            const percent = view.totalBytes ? Math.round((view.sentBytes / view.totalBytes) * 100) : 0;
            const n = index + 1;
            const pausable = view.state === "running" || view.state === "pausing" || view.state === "paused";
            return (
              <li key={item.key} className="rounded-lg border border-stone-200 bg-white p-3">
                <div className="flex gap-3">
                  <img
                    src={item.previewUrl}
                    alt={t(index === 0 ? "sell.previewCover" : "sell.preview", { n })}
                    className="h-20 w-20 shrink-0 rounded object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold [overflow-wrap:anywhere]">
                      {t("photo.photoN", { n })}
                      {index === 0 ? (
                        <span className="ms-2 rounded bg-brand-50 px-2 py-0.5 text-sm text-brand-800">{t("photo.cover")}</span>
                      ) : null}
                    </p>
                    {item.kept ? (
                      <p className="text-sm text-stone-700">{t("photo.onListing")}</p>
                    ) : (
                      <>
                        <p className="text-sm text-stone-700" data-testid="photo-sizes">
                          {/* Figures read left to right in every language: the arrow points from the photo's size to what is sent. */}
                          <span dir="ltr">
                            {formatBytes(item.originalBytes)} → {formatBytes(view.totalBytes)}
                          </span>
                          {view.totalBytes < item.originalBytes
                            ? t("photo.saves", { percent: Math.round((1 - view.totalBytes / item.originalBytes) * 100) })
                            : null}
                        </p>
                        <div className="mt-1 flex items-center gap-2">
                          <progress max={100} value={percent} aria-label={t("photo.uploadOf", { n })} className="h-2 w-full" />
                          <span className="shrink-0 text-sm tabular-nums">{percent}%</span>
                        </div>
                        <p className="text-sm text-stone-700">{t(`photo.state.${view.state}`)}</p>
                      </>
                    )}
                    {view.error && view.state !== "canceled" ? <UploadError code={view.error} /> : null}
                  </div>
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  {pausable ? (
                    <button
                      type="button"
                      className="btn-secondary"
                      // One button that reads Pause or Resume, so focus stays on it.
                      onClick={() => control(item, canApply(view.state, "pause") ? "pause" : "resume")}
                      aria-label={t(canApply(view.state, "pause") ? "photo.pauseN" : "photo.resumeN", { n })}
                    >
                      {t(canApply(view.state, "pause") ? "photo.pause" : "photo.resume")}
                    </button>
                  ) : null}
                  {!isFinished(view.state) ? (
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={!canApply(view.state, "cancel")}
                      onClick={() => control(item, "cancel")}
                      aria-label={t("photo.cancelN", { n })}
                    >
                      {t("photo.cancel")}
                    </button>
                  ) : (
                    <button type="button" className="btn-secondary" onClick={() => remove(item)} aria-label={t("photo.removeN", { n })}>
                      {t("photo.remove")}
                    </button>
                  )}
                  <button
                    id={`${item.key}-up`}
                    type="button"
                    className="btn-secondary"
                    disabled={index === 0}
                    onClick={() => moveAndKeepFocus(index, -1)}
                    aria-label={t("photo.moveUpN", { n })}
                  >
                    {t("photo.moveUp")}
                  </button>
                  <button
                    id={`${item.key}-down`}
                    type="button"
                    className="btn-secondary"
                    disabled={index === items.length - 1}
                    onClick={() => moveAndKeepFocus(index, 1)}
                    aria-label={t("photo.moveDownN", { n })}
                  >
                    {t("photo.moveDown")}
                  </button>
                </div>
                {item.kept ? <input type="hidden" name="photo" value={keepPhotoValue(item.kept)} /> : null}
                {view.state === "success" && view.uploadId ? (
                  <input type="hidden" name="photo" value={uploadPhotoValue(view.uploadId)} />
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}

/**
 * Why a photo's upload stopped, in the page's language. The storage error "no download URLs" is
 * the specification's own words and stays in English (marked so), followed by what to do.
 */
function UploadError({ code }: { code: UploadErrorCode }) {
  const { t } = useI18n();
  if (code === "unauthenticated") return <p className="field-error">{t("spec.mustLogin")}</p>;
  if (code === "no-download-url") {
    return (
      <p className="field-error">
        <span lang="en-IN">{SPEC_NO_DOWNLOAD_URL}</span> {t("upload.addAgain")}
      </p>
    );
  }
  return <p className="field-error">{t(`upload.${code}`)}</p>;
}
