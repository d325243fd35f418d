/**
 * A listing's preview card for WhatsApp, Facebook and the rest (issue 24, decision 023): 1200×630,
 * the photo on the left, and on the right Mandi's name, the listing's name, its price in the
 * seller's unit and per kg, its place and, when it is no longer for sale, that. Drawn by sharp:
 * Pango lays the text out and shapes Devanagari (HarfBuzz), from the fonts in ./fonts, so a Hindi
 * card never shows boxes. Every text is the listing's own, escaped for Pango's markup: drawn as
 * text, never read as markup. A JPEG, kept under WhatsApp's 300 KB.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OverlayOptions } from "sharp";
import { loadSharp } from "../media/load-sharp";
import { CATALOGUES } from "../../core/i18n/catalogues";
import type { Language } from "../../core/i18n/languages";
import { createTranslator, type MessageTree } from "../../core/i18n/translate";
import { placeLabel } from "../../core/locations";
import type { ListingDetail } from "../../core/listings/listing";
import { formatRupees } from "../../core/money/money";
import { UNITS } from "../../core/money/units";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** WhatsApp shows no preview for a larger image. */
export const CARD_MAX_BYTES = 300 * 1024;
/** Changes whenever the drawing changes, so every cached card is made again. */
const RENDERER_VERSION = "1";

/**
 * Beside this file when run from source (tests, scripts); from the bundle (build/server/index.js),
 * the checkout's server/share/fonts. libvips would silently fall back to the machine's fonts
 * (boxes on one without Devanagari) for a file that is not there, so a missing one is an error.
 */
const FONT_DIR = [
  path.join(path.dirname(fileURLToPath(import.meta.url)), "fonts"),
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../server/share/fonts"),
].find((dir) => existsSync(path.join(dir, "noto-sans-devanagari-700.ttf")));
export const CARD_FONT_FILES = ["noto-sans-700.ttf", "noto-sans-devanagari-700.ttf"].map((file) =>
  path.join(FONT_DIR ?? "server/share/fonts", file),
);
/** Pango's family list: Latin from Noto Sans, Devanagari from Noto Sans Devanagari (both bold). */
const FAMILY = "Noto Sans, Noto Sans Devanagari";

const PHOTO_WIDTH = 540;
const PANEL_X = PHOTO_WIDTH + 48;
const PANEL_WIDTH = CARD_WIDTH - PANEL_X - 40;
const MAX_NAME_CHARS = 48;

/** Everything a card shows, in its language: the card's version is a hash of this. */
export interface CardText {
  lang: Language;
  brand: string;
  name: string;
  price: string;
  perKg: string | null;
  place: string | null;
  status: string | null;
  /** The cover photo's storage key prefix. */
  imageKey: string;
}

export function cardText(
  listing: Pick<ListingDetail, "name" | "unit" | "unitPricePaise" | "pricePaise" | "state" | "district" | "place" | "status" | "imageKey">,
  lang: Language,
): CardText {
  const t = createTranslator(lang, CATALOGUES[lang] as unknown as MessageTree);
  const unit = (UNITS as readonly string[]).includes(listing.unit) ? listing.unit : "kg";
  const perKg = t("unit.perKg", { price: formatRupees(listing.pricePaise) });
  const where = placeLabel({ state: listing.state, district: listing.district }, lang);
  const place = [listing.place, where].filter(Boolean).join(", ") || null;
  const name = [...listing.name].length > MAX_NAME_CHARS ? `${[...listing.name].slice(0, MAX_NAME_CHARS - 1).join("")}…` : listing.name;
  return {
    lang,
    brand: "Mandi",
    name,
    price: unit === "kg" ? perKg : t("unit.perUnit", { price: formatRupees(listing.unitPricePaise), unit: t(`unit.one.${unit}`) }),
    perKg: unit === "kg" ? null : perKg,
    place,
    status: listing.status === "sold" ? t("listing.sold") : listing.status === "expired" ? t("listing.expired") : null,
    imageKey: listing.imageKey,
  };
}

/** A short hash of what is drawn: a new one after any edit that shows on the card. */
export function cardVersion(text: CardText): string {
  return createHash("sha256")
    .update(JSON.stringify([RENDERER_VERSION, text]))
    .digest("hex")
    .slice(0, 16);
}

/** Pango markup's five special characters as entities: the text is drawn as it is. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

let fontsRegistered: Promise<void> | undefined;
/** libvips adds a text's font file to fontconfig for the whole process: once per file is enough. */
function registerFonts(): Promise<void> {
  fontsRegistered ??= (async () => {
    const missing = CARD_FONT_FILES.find((file) => !existsSync(file));
    if (missing) throw new Error(`share card font ${missing} is missing (server/share/fonts)`);
    const sharp = await loadSharp();
    for (const fontfile of CARD_FONT_FILES)
      await sharp({ text: { text: ".", font: `${FAMILY} 12`, fontfile } })
        .png()
        .toBuffer();
  })();
  return fontsRegistered;
}

/**
 * One block of text, wrapped to `width`, as a transparent PNG with its height. `embedFonts: false`
 * is for the test that shows what a machine without a Devanagari font would draw (boxes).
 */
export async function textBlock(
  text: string,
  options: { size: number; color: string; width?: number; embedFonts?: boolean },
): Promise<{ input: Buffer; height: number }> {
  if (options.embedFonts !== false) await registerFonts();
  const sharp = await loadSharp();
  const markup = `<span foreground="${options.color}">${escapeMarkup(text)}</span>`;
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `${FAMILY} Bold ${options.size}`,
      ...(options.embedFonts === false ? {} : { fontfile: CARD_FONT_FILES[1] }),
      rgba: true,
      width: options.width ?? PANEL_WIDTH,
      dpi: 72,
      wrap: "word-char",
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, height: info.height };
}

/**
 * Draws the card. `photo` is the cover photo's bytes (any format sharp reads), or null for a
 * plain panel. Returns a baseline JPEG under CARD_MAX_BYTES.
 */
export async function renderShareCard(text: CardText, photo: Buffer | null): Promise<Buffer> {
  await registerFonts();
  const sharp = await loadSharp();
  const layers: OverlayOptions[] = [];
  if (photo) {
    const cover = await sharp(photo).resize(PHOTO_WIDTH, CARD_HEIGHT, { fit: "cover" }).toBuffer();
    layers.push({ input: cover, left: 0, top: 0 });
  }
  // Mandi's name, top right, as the site's header writes it.
  const brand = await textBlock(text.brand, { size: 44, color: "#166534" });
  layers.push({ input: brand.input, left: PANEL_X, top: 40 });

  let y = 40 + brand.height + 36;
  const blocks: Array<{ text: string; size: number; color: string; gap: number }> = [
    { text: text.name, size: 54, color: "#1c1917", gap: 24 },
    { text: text.price, size: 60, color: "#14532d", gap: 8 },
    ...(text.perKg ? [{ text: text.perKg, size: 36, color: "#166534", gap: 8 }] : []),
    ...(text.place ? [{ text: text.place, size: 32, color: "#44403c", gap: 8 }] : []),
  ];
  for (const block of blocks) {
    if (y > CARD_HEIGHT - 90) break;
    const drawn = await textBlock(block.text, block);
    const height = Math.min(drawn.height, CARD_HEIGHT - 40 - y);
    const input =
      height < drawn.height
        ? await sharp(drawn.input)
            .extract({ left: 0, top: 0, width: (await sharp(drawn.input).metadata()).width!, height })
            .toBuffer()
        : drawn.input;
    layers.push({ input, left: PANEL_X, top: y });
    y += height + block.gap;
  }
  if (text.status) {
    // "Sold" or "No longer available", on a dark band across the photo's foot.
    const status = await textBlock(text.status, { size: 44, color: "#ffffff", width: PHOTO_WIDTH - 48 });
    const band = Math.min(status.height + 32, 200);
    layers.push({
      input: { create: { width: PHOTO_WIDTH, height: band, channels: 4, background: { r: 28, g: 25, b: 23, alpha: 0.85 } } },
      left: 0,
      top: CARD_HEIGHT - band,
    });
    layers.push({ input: status.input, left: 24, top: CARD_HEIGHT - band + 16 });
  }
  // A green rule under the panel, Mandi's colour.
  layers.push({
    input: { create: { width: CARD_WIDTH - PHOTO_WIDTH, height: 14, channels: 4, background: "#15803d" } },
    left: PHOTO_WIDTH,
    top: CARD_HEIGHT - 14,
  });

  const canvas = sharp({
    create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: photo ? "#ffffff" : "#f0fdf4" },
  }).composite(layers);
  const flat = await canvas.png().toBuffer();
  for (const quality of [82, 70, 55, 40]) {
    const jpeg = await sharp(flat).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.byteLength <= CARD_MAX_BYTES) return jpeg;
  }
  return sharp(flat).resize(CARD_WIDTH, CARD_HEIGHT).jpeg({ quality: 25 }).toBuffer();
}
