/** A seller with one listing and its photo, made through the real services, for tests about what happens to it. */
import { listingFieldsSchema } from "../../core/schemas";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import type { TestServices } from "./test-services";

export async function createMangoListing(t: TestServices, photo: { width: number; height: number }): Promise<{ id: string; imageKey: string }> {
  const seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
  const { id } = await t.listings.createListing({
    actor: { id: seller.id },
    fields: listingFieldsSchema.parse({ name: "Alphonso Mango", category: "fruits", price: "250", description: "Ratnagiri" }),
    photos: [{ bytes: await makeProducePhoto("fruits", 7, photo), fileName: "mango.jpg" }],
  });
  return { id, imageKey: (await t.listings.getListing(id)).imageKey };
}
