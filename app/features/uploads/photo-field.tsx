/**
 * The listing form's photos: a plain file input (what the server renders, and what works without
 * JavaScript: the photos go with the form), which the resumable PhotoPicker replaces once it has
 * loaded, taking over any photos already chosen. On Edit the listing's own photos are listed too:
 * without JavaScript each can be ticked for removal; the picker also reorders them.
 */
import { useEffect, useRef, useState, type ComponentType, type RefObject } from "react";
import { imageUrl } from "../../../core/uploads/images";
import { keepPhotoValue } from "../../../core/listings/listing-form";
// Type only: the picker itself is loaded lazily, below.
import type { PhotoPickerProps, PhotosBlocker } from "./photo-picker";
import { useI18n } from "../i18n/i18n";

const ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif";

export interface PhotoFieldProps {
  maxBytes: number;
  maxPhotos: number;
  /** The message to show beside the photos (the server's, or why the form is waiting). */
  error: string | undefined;
  /** The listing's own photos, in order (Edit). */
  currentPhotos: ReadonlyArray<{ imageKey: string }>;
  onBlockerChange: (blocker: PhotosBlocker) => void;
}

/** Loads the upload picker in the browser, and hands it the photos chosen in the plain field meanwhile. */
function usePhotoPicker(form: RefObject<HTMLDivElement | null>) {
  const [picker, setPicker] = useState<{ Component: ComponentType<PhotoPickerProps>; initialFiles: File[]; removed: Set<string> } | null>(
    null,
  );
  useEffect(() => {
    let mounted = true;
    import("./photo-picker")
      .then((module) => {
        if (!mounted) return;
        const root = form.current;
        const files = Array.from(root?.querySelector<HTMLInputElement>("input[type=file]")?.files ?? []);
        const removed = new Set(
          Array.from(root?.querySelectorAll<HTMLInputElement>("input[name=remove]:checked") ?? []).map((box) => box.value),
        );
        setPicker({ Component: module.default, initialFiles: files, removed });
      })
      .catch(() => {
        // Offline or the chunk failed: the plain field stays and sends the photos with the form.
      });
    return () => {
      mounted = false;
    };
  }, [form]);
  return picker;
}

export function PhotoField({ maxBytes, maxPhotos, error, currentPhotos, onBlockerChange }: PhotoFieldProps) {
  const root = useRef<HTMLDivElement>(null);
  const picker = usePhotoPicker(root);
  const { t } = useI18n();
  if (picker) {
    return (
      <picker.Component
        maxPhotos={maxPhotos}
        maxBytes={maxBytes}
        serverError={error}
        initialFiles={picker.initialFiles}
        currentPhotos={currentPhotos.filter((photo) => !picker.removed.has(photo.imageKey))}
        onBlockerChange={onBlockerChange}
      />
    );
  }
  const room = maxPhotos - currentPhotos.length;
  return (
    <div ref={root}>
      {currentPhotos.length ? (
        <fieldset className="mb-3">
          <legend className="label">{t("sell.photosOnListing")}</legend>
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {currentPhotos.map((photo, index) => (
              <li key={photo.imageKey} className="rounded-lg border border-stone-200 bg-white p-2">
                <img
                  src={imageUrl(photo.imageKey, 320)}
                  alt={t(index === 0 ? "sell.previewCover" : "sell.preview", { n: index + 1 })}
                  className="aspect-[4/3] w-full rounded object-cover"
                />
                <input type="hidden" name="photo" value={keepPhotoValue(photo.imageKey)} />
                <label className="mt-2 flex min-h-11 items-center gap-2">
                  <input type="checkbox" name="remove" value={photo.imageKey} className="h-5 w-5" />
                  {t("sell.removePhotoN", { n: index + 1 })}
                </label>
              </li>
            ))}
          </ol>
        </fieldset>
      ) : null}
      <label htmlFor="image" className="label">
        {t(currentPhotos.length ? "sell.addPhotos" : "sell.photos")}
      </label>
      <input
        id="image"
        name="image"
        type="file"
        accept={ACCEPT}
        multiple
        required={!currentPhotos.length}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "image-hint image-error" : "image-hint"}
        className="block w-full text-base file:me-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
      />
      <p id="image-hint" className="mt-1 text-sm text-stone-600">
        {currentPhotos.length
          ? t("sell.roomHint", { room: Math.max(room, 0), max: maxPhotos })
          : t("sell.photosHint", { max: maxPhotos, mb: Math.round(maxBytes / (1024 * 1024)) })}
      </p>
      {error ? (
        <p id="image-error" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
