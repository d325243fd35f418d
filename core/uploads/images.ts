/** Listing photos are stored as WebP variants under one key prefix; these build their URLs. */
import { IMAGE_WIDTHS, type ImageWidth } from "../shared/constants";

export function imageVariantKey(prefix: string, width: ImageWidth): string {
  return `${prefix}/w${width}.webp`;
}

export function imageUrl(prefix: string, width: ImageWidth): string {
  return `/media/${imageVariantKey(prefix, width)}`;
}

export function imageSrcSet(prefix: string): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(prefix, w)} ${w}w`).join(", ");
}
