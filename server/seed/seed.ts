/** Fills a marketplace with demo sellers and listings spread over the last few weeks. */
import { AppError } from "../../core/app-error";
import { listingFieldsSchema } from "../../core/schemas";
import type { Services } from "../services";
import { demoProduce, demoSellers, makeProducePhoto, seededRandom } from "./factories";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoData(
  services: Pick<Services, "accounts" | "db"> & { listings: Services["listings"] },
  options: { listings: number; days: number; clock: { now: number }; onProgress?: (done: number, total: number) => void },
): Promise<{ sellers: number; listings: number }> {
  const sellerIds: string[] = [];
  for (const seller of demoSellers()) {
    try {
      await services.accounts.signUp({ name: seller.name, email: seller.email, phone: `+91${seller.phone}`, password: seller.password }, new Headers());
    } catch (error) {
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    }
    const row = await services.db.kysely.selectFrom("user").select("id").where("email", "=", seller.email).executeTakeFirstOrThrow();
    sellerIds.push(row.id);
  }

  const random = seededRandom(7);
  const produce = demoProduce(options.listings);
  const end = Date.now();
  // Oldest first, so creation order matches the dates.
  const times = produce.map(() => end - Math.floor(random() * options.days * DAY_MS)).sort((a, b) => a - b);
  for (const [i, item] of produce.entries()) {
    options.clock.now = times[i]!;
    const fields = listingFieldsSchema.parse(item);
    await services.listings.createListing({
      actor: { id: sellerIds[i % sellerIds.length]! },
      fields,
      photo: { bytes: await makeProducePhoto(item.category, i), fileName: `IMG_${1000 + i}.jpg` },
    });
    options.onProgress?.(i + 1, produce.length);
  }
  return { sellers: sellerIds.length, listings: produce.length };
}
