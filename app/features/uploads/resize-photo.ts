/**
 * Shrinks a phone photo in the browser before it is sent: longest side 1600 px, re-encoded
 * (WebP, or JPEG where the browser has no WebP encoder). A 4 MB camera photo becomes a few
 * hundred KB. Photos the browser cannot decode (HEIC in most browsers) are sent as they are;
 * the server decides.
 */
import { RESIZE_MAX_SIDE, RESIZE_QUALITY } from "../../../core/uploads/photos";

export async function resizePhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  const scale = Math.min(1, RESIZE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return file;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const webp = await encode(canvas, "image/webp");
  // A browser that cannot make WebP gives PNG instead, which would be larger: ask for JPEG.
  const smaller = webp?.type === "image/webp" ? webp : await encode(canvas, "image/jpeg");
  return smaller && smaller.size < file.size ? smaller : file;
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, RESIZE_QUALITY));
}
