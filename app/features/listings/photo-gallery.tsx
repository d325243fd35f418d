/**
 * A listing's photos as a swipeable strip: CSS scroll-snap does the swiping (no library, and it
 * works before JavaScript loads); Previous / Next buttons and the keyboard move one photo at a
 * time. One photo is shown as a plain image.
 */
import { useRef, useState } from "react";
import { imageSrcSet, imageUrl } from "../../../core/uploads/images";
import { useI18n } from "../i18n/i18n";

const SIZES = "(min-width: 768px) 50vw, 100vw";
const IMAGE_CLASS = "aspect-[4/3] w-full rounded-xl border border-stone-200 bg-stone-100 object-cover";

export function PhotoGallery({ photos, name }: { photos: ReadonlyArray<{ imageKey: string }>; name: string }) {
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const { t } = useI18n();
  if (photos.length <= 1) {
    const only = photos[0];
    if (!only) return null;
    return (
      <img
        src={imageUrl(only.imageKey, 640)}
        srcSet={imageSrcSet(only.imageKey)}
        sizes={SIZES}
        alt={name}
        width={640}
        height={480}
        fetchPriority="high"
        className={IMAGE_CLASS}
      />
    );
  }

  const show = (index: number) => {
    const target = Math.max(0, Math.min(photos.length - 1, index));
    const list = strip.current;
    if (list) list.scrollTo({ left: target * list.clientWidth, behavior: "smooth" });
    setCurrent(target);
  };

  return (
    <section aria-roledescription="carousel" aria-label={t("listing.photos", { name })} className="min-w-0">
      <ul
        ref={strip}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-xl [scrollbar-width:none]"
        onScroll={(e) => {
          const list = e.currentTarget;
          if (list.clientWidth) setCurrent(Math.round(list.scrollLeft / list.clientWidth));
        }}
      >
        {photos.map((photo, index) => (
          <li
            key={photo.imageKey}
            aria-roledescription="slide"
            aria-label={t("listing.slide", { n: index + 1, count: photos.length })}
            className="w-full shrink-0 snap-center"
          >
            <img
              src={imageUrl(photo.imageKey, 640)}
              srcSet={imageSrcSet(photo.imageKey)}
              sizes={SIZES}
              alt={index === 0 ? name : t("listing.view", { name, n: index + 1 })}
              width={640}
              height={480}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              className={IMAGE_CLASS}
            />
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => show(current - 1)}
          disabled={current === 0}
          aria-label={t("listing.previousPhoto")}
        >
          {t("listing.previous")}
        </button>
        <p aria-live="polite" className="text-sm text-stone-700">
          {t("listing.photoNofCount", { n: current + 1, count: photos.length })}
        </p>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => show(current + 1)}
          disabled={current === photos.length - 1}
          aria-label={t("listing.nextPhoto")}
        >
          {t("listing.next")}
        </button>
      </div>
    </section>
  );
}
