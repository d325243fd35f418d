/**
 * The sell form filled and sent while a small photo uploads: shared by the orderings
 * (sell-send-while-uploading.spec.ts) and the burst of sellers (sell-burst.spec.ts).
 */
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { fillPlace } from "./fixtures";

/** A small photo (320×240, about 1 KB): one tus request sends it all, so it finishes fast. */
export async function smallPhoto(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40 + (seed % 200), g: 120, b: 60 } } })
    .jpeg({ quality: 60 })
    .toBuffer();
}

export async function fillFields(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Vegetable" });
  await page.getByLabel("Price (₹ per kg)", { exact: true }).fill("30");
  await page.getByLabel("Description", { exact: true }).fill("Fresh, sent while the photo uploads");
  await fillPlace(page);
}

export async function pickPhoto(page: Page, seed: number) {
  await page
    .getByLabel("Photos", { exact: true })
    .setInputFiles({ name: `photo-${seed}.jpg`, mimeType: "image/jpeg", buffer: await smallPhoto(seed) });
}

export const submit = (page: Page) => page.getByRole("button", { name: /upload and Submit|Sending when/ });
