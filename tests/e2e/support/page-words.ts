/**
 * Reading a page in a language other than English the way the language tests do (decisions 015
 * and 060): every piece of text a person or a screen reader meets, and the runs of Latin letters
 * left once what people typed and an allow-list are taken out. Place names are not among them:
 * pages name states and districts in the page's script (core/locations/place-names.ts).
 */
import type { Page } from "@playwright/test";
import type { PageCatalogue } from "../../../core/i18n/catalogue-types";
import { createTranslator, type MessageKey } from "../../../core/i18n/translate";
import type { APIRequestContext } from "@playwright/test";
import { createListingWith, logInWith, signUpSellerWith, uniqueTag, withDatabase, type CreatedListing, type Seller } from "./fixtures";
import { hi } from "./catalogues";
import { LATIN_ALLOWED } from "../../../core/i18n/language-scripts";

/** A message of the Hindi catalogue with its placeholders filled, as the pages fill them (rosetta). */
export const tHi = createTranslator<MessageKey<PageCatalogue>>("hi", hi);

/**
 * What people typed (listing and person names, descriptions, emails, moderators' and reporters'
 * words, and the names the audit log keeps after a listing or account is gone): shown as they are.
 * The village or town a seller typed is theirs too; states and districts are not (Hindi pages
 * show their Hindi names).
 */
export async function userTexts(): Promise<string[]> {
  const fromDb = await withDatabase(async (db) => {
    const listings = await db.kysely
      .selectFrom("listing")
      .select(["name", "description", "variety", "place", "hidden_reason", "hidden_cause"])
      .execute();
    const people = await db.kysely.selectFrom("user").select(["name", "email", "banReason"]).execute();
    const reports = await db.kysely.selectFrom("listing_report").select("details").execute();
    const audit = await db.kysely
      .selectFrom("moderation_audit")
      .select(["actor_id", "actor_name", "action", "target_label", "reason"])
      .execute();
    return [
      // A moderator's reason for hiding; the system's (reports, a ban) the page words itself.
      ...listings.flatMap((l) => [l.name, l.description, l.variety, l.place, l.hidden_cause === "moderator" ? l.hidden_reason : null]),
      ...people.flatMap((p) => [p.name, p.email, p.banReason]),
      ...reports.map((r) => r.details),
      // Only what a person wrote: the page words what the system wrote in the log (its own name
      // as the actor, its reasons, and the count a ban's reason carries after the moderator's words).
      ...audit.flatMap((a) => [a.actor_id === null ? null : a.actor_name, a.target_label, typedAuditReason(a)]),
    ];
  });
  // What these tests type into search boxes and query strings, which pages show again.
  const typed = ["cars", "zzqqxx", "abc"];
  return [...fromDb, ...typed].filter((t): t is string => Boolean(t?.trim())).sort((a, b) => b.length - a.length);
}

/** An audit entry's reason as a person wrote it, without what the system wrote (null when it wrote it all). */
function typedAuditReason(entry: { actor_id: string | null; action: string; reason: string | null }): string | null {
  if (!entry.reason || entry.actor_id === null || entry.action.startsWith("role:")) return null;
  if (/^\d+ (listing\(s\) shown again|report\(s\) dismissed)$/.test(entry.reason)) return null;
  return entry.reason.replace(/ \(\d+ listing\(s\) hidden\)$/, "");
}

/**
 * Other tests run beside this one and list, rename and delete things meanwhile: what was in the
 * database just before a page was asked for, and what is there just after, covers what it shows.
 */
export async function alsoUserTextsNow(before: string[]): Promise<string[]> {
  return [...new Set([...before, ...(await userTexts())])].sort((a, b) => b.length - a.length);
}

/**
 * Every piece of text a person or a screen reader meets on the page (text, labels, placeholders,
 * alternative text, the title and description), minus what is marked as English (lang="en…"): the
 * language switch's own name and the storage error the specification words.
 */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title, document.querySelector('meta[name="description"]')?.getAttribute("content") ?? ""];
    const skip = (el: Element | null) => !el || Boolean(el.closest('[lang^="en"], script, style, noscript, template'));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!skip(node.parentElement)) out.push(node.textContent ?? "");
    for (const el of document.body.querySelectorAll("[aria-label], [placeholder], [alt], [title], [aria-roledescription]")) {
      if (skip(el)) continue;
      for (const name of ["aria-label", "placeholder", "alt", "title"]) if (el.hasAttribute(name)) out.push(el.getAttribute(name) ?? "");
    }
    return out.filter((t) => t.trim());
  });
}

/**
 * Runs of Latin letters left once user data and the brand and technical words every language may
 * keep (LATIN_ALLOWED, the catalogue check's list) are taken out, with where they were.
 */
export async function latinLeftOn(page: Page, allowed: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const text of await pageTexts(page)) {
    let rest = text;
    for (const a of allowed) rest = rest.split(a).join(" ");
    for (const run of rest.replace(LATIN_ALLOWED, " ").match(/[A-Za-z]+/g) ?? []) found.push(`${run} (in “${text.trim().slice(0, 80)}”)`);
  }
  return found;
}

/**
 * latinLeftOn for a page that shows only what is in the database now: the test's own listings,
 * people and reports, and the audit log (which keeps its names when they go).
 */
export async function latinLeftNow(page: Page): Promise<string[]> {
  return latinLeftOn(page, await userTexts());
}

/** The letters a reader sees in the page's own language: text outside elements marked with another `lang` (the switch's names, a listing's English name). */
export async function ownLetters(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const letters: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, [hidden]")) continue;
      if (parent.closest("[lang]")?.getAttribute("lang") !== pageLang) continue;
      if (!parent.checkVisibility()) continue;
      // "Mandi" is the brand in every language.
      letters.push(...[...(node.textContent ?? "").replace(/Mandi/g, "")].filter((c) => /\p{L}/u.test(c)));
    }
    return letters;
  });
}

/**
 * The seller the language tests read pages with: a Hindi name and a rice listing with every
 * optional field filled, so a page shows each of its words. Signed in on `request`.
 */
export async function hindiSellerWithListing(request: APIRequestContext): Promise<{ seller: Seller; listing: CreatedListing }> {
  const seller = await signUpSellerWith(request, { name: "सुनीता देवी" });
  await logInWith(request, seller);
  const listing = await createListingWith(request, {
    name: `बासमती चावल ${uniqueTag()}`,
    category: "rice",
    description: "खेत से सीधे, इसी महीने की कटाई।",
    more: { unit: "quintal", price: "2400", quantity: "12", minOrder: "2", organic: "on", availableFrom: "2026-12-01" },
  });
  return { seller, listing };
}
