import { useEffect, useEffectEvent, useRef, useState } from "react";
import { imageUrl } from "../../../core/uploads/images";
import { moveItem } from "../../../core/shared/list-order";
import { discardFinishedUpload, fingerprintOf, startPhotoUpload, type PhotoUploadHandle, type PhotoUploadView } from "./photo-upload";
import { resizePhoto } from "./resize-photo";
import { useI18n } from "../i18n/i18n";

export interface PhotoItem {
  key: string;
  /** Set for a photo the listing already has (Edit): its image key. */
  kept?: string;
  fileName: string;
  originalBytes: number;
  fingerprint: string;
  previewUrl: string;
  view: PhotoUploadView;
}

const keptItem = (imageKey: string, index: number): PhotoItem => ({
  key: `kept-${index}`,
  kept: imageKey,
  fileName: "",
  originalBytes: 0,
  fingerprint: imageKey,
  previewUrl: imageUrl(imageKey, 320),
  view: { state: "success", sentBytes: 0, totalBytes: 0, uploadId: null, error: null },
});

/**
 * The listing form's photos, in order, and their uploads: adding photos (shrunk, checked, then
 * uploaded), pausing, resuming and canceling an upload, removing a photo and moving it. Photos
 * chosen before the picker loaded (`initialFiles`) are taken over once, on mount.
 */
export function usePhotoItems(options: {
  maxPhotos: number;
  maxBytes: number;
  initialFiles: readonly File[];
  currentPhotos: ReadonlyArray<{ imageKey: string }>;
}) {
  const { maxPhotos, maxBytes } = options;
  const [items, setItems] = useState<PhotoItem[]>(() => options.currentPhotos.map((photo, index) => keptItem(photo.imageKey, index)));
  /** Why a chosen photo was not added, for the seller. */
  const [message, setMessage] = useState<string | null>(null);
  /** True while chosen photos are being shrunk, before they are items. */
  const [preparing, setPreparing] = useState(false);
  /** What a screen reader hears when an upload changes state. */
  const [announcement, setAnnouncement] = useState("");
  const handles = useRef(new Map<string, PhotoUploadHandle>());
  const nextKey = useRef(0);
  const { t } = useI18n();

  // Object URLs are freed when the picker goes away (after a successful sale, say).
  const previewUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = previewUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const updateView = (key: string, view: PhotoUploadView) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, view } : item)));
    setAnnouncement((previous) => (view.state === "running" ? previous : `${t(`photo.state.${view.state}`)}.`));
  };

  async function add(files: File[]) {
    const free = maxPhotos - items.length;
    const chosen = files.slice(0, Math.max(free, 0));
    setMessage(
      files.length > chosen.length
        ? t(chosen.length === 0 ? "photo.tooManyChosenNone" : chosen.length === 1 ? "photo.tooManyChosenOne" : "photo.tooManyChosen", {
            max: maxPhotos,
            count: chosen.length,
          })
        : null,
    );
    setPreparing(true);
    try {
      const known = new Set(items.map((item) => item.fingerprint));
      for (const file of chosen) {
        if (file.size === 0) {
          setMessage(t("photo.empty"));
          continue;
        }
        const blob = await resizePhoto(file);
        if (blob.size > maxBytes) {
          setMessage(t("photo.tooLarge", { mb: Math.round(maxBytes / (1024 * 1024)) }));
          continue;
        }
        const fingerprint = await fingerprintOf(blob, file);
        if (known.has(fingerprint)) {
          setMessage(t("photo.duplicate"));
          continue;
        }
        known.add(fingerprint);
        const key = `photo-${nextKey.current++}`;
        const item: PhotoItem = {
          key,
          fileName: file.name,
          originalBytes: file.size,
          fingerprint,
          previewUrl: URL.createObjectURL(blob),
          view: { state: "running", sentBytes: 0, totalBytes: blob.size, uploadId: null, error: null },
        };
        previewUrls.current.add(item.previewUrl);
        setItems((current) => [...current, item]);
        handles.current.set(key, startPhotoUpload({ blob, fileName: file.name, fingerprint, onChange: (view) => updateView(key, view) }));
      }
    } finally {
      setPreparing(false);
    }
  }

  function remove(item: PhotoItem) {
    if (item.view.state === "success" && item.view.uploadId) discardFinishedUpload(item.view.uploadId);
    if (!item.kept) {
      URL.revokeObjectURL(item.previewUrl);
      previewUrls.current.delete(item.previewUrl);
    }
    handles.current.delete(item.key);
    setItems((current) => current.filter((other) => other.key !== item.key));
    setAnnouncement(t("photo.removed"));
  }

  function move(index: number, by: -1 | 1) {
    setItems((current) => moveItem(current, index, by));
  }

  /** Pause, resume or cancel a photo's upload; the upload's state machine ignores what it does not allow. */
  function control(item: PhotoItem, action: keyof PhotoUploadHandle) {
    handles.current.get(item.key)?.[action]();
  }

  // Photos chosen in the plain field before the picker loaded are taken over once, on mount.
  // The ref: React's StrictMode mounts twice in development, and they must not be added twice.
  // The microtask: adding sets state, which an effect should not do while it runs.
  const takeOver = useEffectEvent(() => {
    if (options.initialFiles.length) void add([...options.initialFiles]);
  });
  const tookOver = useRef(false);
  useEffect(() => {
    if (tookOver.current) return;
    tookOver.current = true;
    void Promise.resolve().then(() => takeOver());
  }, []);

  return { items, message, preparing, announcement, add, remove, move, control };
}
