/** A seller with one listing and its photo, made through the real services, for tests about what happens to it. */
import { listingFieldsSchema, type ListingFields } from "../../core/listings/listing-forms";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import type { TestServices } from "./test-services";

/** The sell form's fields as parsed, with a real place and sensible defaults for what the test does not care about. */
export function listingFields(form: Record<string, string>): ListingFields {
  return listingFieldsSchema.parse({ price: "40", description: "Fresh from the farm", state: "maharashtra", district: "nashik", ...form });
}

export async function createMangoListing(
  t: TestServices,
  photo: { width: number; height: number },
): Promise<{ id: string; imageKey: string }> {
  const seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
  const { id } = await t.listings.createListing({
    actor: { id: seller.id },
    fields: listingFields({ name: "Alphonso Mango", category: "fruits", price: "250", description: "Ratnagiri" }),
    photos: [{ bytes: await makeProducePhoto("fruits", 7, photo), fileName: "mango.jpg" }],
  });
  return { id, imageKey: (await t.listings.getListing(id)).imageKey };
}

/**
 * The sell form as a browser without JavaScript posts it to /create: its text fields and one
 * photo in the same multipart body. `fields` overrides the defaults (a vegetable in Nashik).
 */
export function sellFormData(
  fields: { name: string; description: string } & Partial<Record<"category" | "price" | "state" | "district", string>>,
  photo: { bytes: Buffer; fileName: string },
): FormData {
  const form = new FormData();
  const values = { category: "vegetables", price: "42", state: "maharashtra", district: "nashik", ...fields };
  for (const name of ["name", "category", "price", "description", "state", "district"] as const) form.set(name, values[name]);
  form.set("image", new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }), photo.fileName);
  return form;
}
