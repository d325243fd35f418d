/** Fills a marketplace with demo sellers and listings spread over the last few weeks. */
import { AppError } from "../../core/app-error";
import { listingFieldsSchema, signupSchema } from "../../core/schemas";
import type { Services } from "../services";
import { demoProduce, demoSellers, makeProducePhoto, seededRandom } from "./factories";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoData(
  services: Pick<Services, "accounts" | "listings">,
  options: { listings: number; days: number; clock: { now: number }; onProgress?: (done: number, total: number) => void },
): Promise<{ sellers: number; listings: number }> {
  const sellerIds: string[] = [];
  for (const seller of demoSellers()) {
    const input = signupSchema.parse(seller);
    try {
      sellerIds.push((await services.accounts.signUp(input, new Headers())).id);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
      // Seeded before: sign in to learn the seller's id.
      const cookie = (await services.accounts.signIn(input, new Headers())).getSetCookie().map((c) => c.split(";")[0]).join("; ");
      sellerIds.push((await services.accounts.getSessionUser(new Headers({ cookie })))!.id);
    }
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
      photos: [{ bytes: await makeProducePhoto(item.category, i), fileName: `IMG_${1000 + i}.jpg` }],
    });
    options.onProgress?.(i + 1, produce.length);
  }
  return { sellers: sellerIds.length, listings: produce.length };
}
