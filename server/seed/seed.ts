/** Fills a marketplace with demo sellers and listings spread over the last few weeks. */
import { AppError } from "../../core/shared/app-error";
import { signupSchema } from "../../core/accounts/account-forms";
import { listingFieldsSchema } from "../../core/listings/listing-forms";
import type { Services } from "../services";
import { DEMO_STAPLES, demoProduce, demoSellers, makeProducePhoto, seededRandom, type DemoListing } from "./factories";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo admin (README): signs in to /admin to see the seeded reports. */
export const DEMO_ADMIN = { name: "Mandi Admin", email: "admin@example.in", phone: "9000000001", password: "mandi-admin-2026" };

/** A few reports from visitors, so a newcomer finds something in the moderation queue. */
const DEMO_REPORTS = [
  { listing: 0, address: "192.0.2.10", reason: "scam", details: "Asked me to pay an advance on UPI before showing the produce." },
  { listing: 0, address: "192.0.2.11", reason: "price", details: null },
  { listing: 1, address: "192.0.2.12", reason: "other", details: "The photo looks like it is from a website." },
] as const;

export async function seedDemoData(
  services: Pick<Services, "accounts" | "listings" | "moderation">,
  options: { listings: number; days: number; clock: { now: number }; onProgress?: (done: number, total: number) => void },
): Promise<{ sellers: number; listings: number; sold: number; expired: number; admin: string }> {
  const produce = demoProduce(options.listings);
  const end = Date.now();
  // Only the sellers this many listings need (a small seed in a test signs up a few, not all of
  // them), each joining a few days apart, some months before their oldest listing (last season's
  // are up to 120 days old), so "On Mandi since" comes before what they listed.
  const joined = end - (Math.max(options.days, 60) + 130) * DAY_MS;
  const sellers = demoSellers();
  const sellerIds: string[] = [];
  for (const index of new Set(produce.map((item) => item.seller))) {
    options.clock.now = joined + index * 3 * DAY_MS;
    sellerIds[index] = await accountId(services, sellers[index]!);
  }
  options.clock.now = joined - DAY_MS;
  const adminId = await accountId(services, DEMO_ADMIN);
  await services.moderation.setRole({ actor: { commandLine: true }, person: { id: adminId }, role: "admin" });

  const random = seededRandom(7);
  const ageDays = (item: DemoListing, index: number): number => {
    // The staples are recent, so even perishables are still on sale (LISTING_DAYS_PERISHABLE).
    if (index < DEMO_STAPLES) return random() * Math.min(options.days, 7);
    // Listed last season: past even a non-perishable's lifetime (LISTING_DAYS_OTHER, 60 by default).
    if (item.ending === "expired") return Math.max(options.days, 60) + 30 + random() * 30;
    return random() * options.days;
  };
  // Created oldest first, so creation order matches the dates.
  const order = produce
    .map((item, index) => ({ item, index, at: end - Math.floor(ageDays(item, index) * DAY_MS) }))
    .sort((a, b) => a.at - b.at);
  const created: Array<{ id: string; item: DemoListing; index: number }> = [];
  for (const [i, { item, index, at }] of order.entries()) {
    options.clock.now = at;
    const { id } = await services.listings.createListing({
      actor: { id: sellerIds[item.seller]! },
      fields: listingFieldsSchema.parse(item.fields),
      photos: [{ bytes: await makeProducePhoto(item.fields.category, i), fileName: `IMG_${1000 + i}.jpg` }],
    });
    created.push({ id, item, index });
    options.onProgress?.(i + 1, order.length);
  }
  options.clock.now = end;
  const sold = created.filter(({ item }) => item.ending === "sold");
  for (const { id, item } of sold) await services.listings.markSold({ actor: { id: sellerIds[item.seller]! }, id });
  // The newest live listings get the reports (they are on the home page, easy to find), staples
  // last: with a low REPORTS_TO_HIDE, a staple hidden by reports would leave "onion" empty.
  const live = created.filter(({ item }) => item.ending === "live").reverse();
  const reportable = [...live.filter(({ index }) => index >= DEMO_STAPLES), ...live.filter(({ index }) => index < DEMO_STAPLES)];
  for (const report of DEMO_REPORTS) {
    const listingId = reportable[report.listing]?.id;
    if (listingId)
      await services.moderation.report({
        listingId,
        reporter: { address: report.address },
        reason: report.reason,
        details: report.details,
      });
  }
  return {
    sellers: sellerIds.filter(Boolean).length,
    listings: produce.length,
    sold: sold.length,
    expired: produce.filter((item) => item.ending === "expired").length,
    admin: DEMO_ADMIN.email,
  };
}

/** Signs the person up, or (seeded before) signs in to learn their id. */
async function accountId(
  services: Pick<Services, "accounts">,
  person: { name: string; email: string; phone: string; password: string },
): Promise<string> {
  const input = signupSchema.parse(person);
  try {
    return (await services.accounts.signUp(input, new Headers())).id;
  } catch (error) {
    if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    const cookie = (await services.accounts.signIn(input, new Headers()))
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return (await services.accounts.getSessionUser(new Headers({ cookie })))!.id;
  }
}
