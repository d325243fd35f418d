/**
 * Produce categories. The specification spells them several ways ('Vegetable' on the sell form,
 * 'Vegetables' on the banner, 'Nuts & Dry Fruits' vs 'Nuts and Dry fruits', …); every spelling
 * resolves to one canonical slug here, and nowhere else.
 */

export const CATEGORY_SLUGS = ["rice", "wheat", "fruits", "vegetables", "oil-seeds", "nuts-dry-fruits"] as const;

/** `?category=all` (the banner's ALL CATEGORIES) shows every listing in the category section. */
export const ALL_CATEGORIES = "all";

export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export interface Category {
  slug: CategorySlug;
  /** The banner / quick-link label (the specification's home page). */
  label: string;
  /** The label on the sell form (the specification keeps both spellings). */
  formLabel: string;
  hindi: string;
  aliases: readonly string[];
}

export const CATEGORIES: readonly Category[] = [
  { slug: "rice", label: "Rice", formLabel: "Rice", hindi: "चावल", aliases: ["chawal", "chaval", "dhan", "paddy", "धान"] },
  { slug: "wheat", label: "Wheat", formLabel: "Wheat", hindi: "गेहूँ", aliases: ["gehun", "gehu", "gehoon", "गेहूं", "गेहू"] },
  { slug: "fruits", label: "Fruits", formLabel: "Fruits", hindi: "फल", aliases: ["fruit", "phal"] },
  {
    slug: "vegetables",
    label: "Vegetables",
    formLabel: "Vegetable",
    hindi: "सब्ज़ी",
    aliases: ["vegetable", "veg", "veggies", "sabzi", "sabji", "सब्जी"],
  },
  {
    slug: "oil-seeds",
    label: "Oil seeds",
    formLabel: "Oil Seeds",
    hindi: "तिलहन",
    aliases: ["oil seed", "oilseeds", "oilseed", "tilhan"],
  },
  {
    slug: "nuts-dry-fruits",
    label: "Nuts and Dry fruits",
    formLabel: "Nuts & Dry Fruits",
    hindi: "मेवे",
    aliases: ["nuts & dry fruits", "nuts", "dry fruits", "dryfruits", "meva", "mewa"],
  },
];

/** Fresh produce: its listings expire sooner (decision 013). */
export const PERISHABLE_CATEGORIES: ReadonlySet<CategorySlug> = new Set(["fruits", "vegetables"]);

/** Lower-case, '&' read as 'and', runs of spaces, hyphens and underscores folded to one space. */
function normalise(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[\s\-_]+/g, " ")
    .trim();
}

const BY_SPELLING = new Map<string, CategorySlug>();
for (const category of CATEGORIES) {
  for (const spelling of [category.slug, category.label, category.formLabel, category.hindi, ...category.aliases]) {
    BY_SPELLING.set(normalise(spelling), category.slug);
  }
}

/** The category a spelling names, or undefined (legacy values such as 'Cars' name none). */
export function resolveCategory(spelling: string | null | undefined): CategorySlug | undefined {
  if (!spelling) return undefined;
  return BY_SPELLING.get(normalise(spelling));
}

export function getCategory(slug: CategorySlug): Category {
  const category = CATEGORIES.find((c) => c.slug === slug);
  if (!category) throw new Error(`Unknown category slug: ${slug}`);
  return category;
}

/**
 * Categories a free-text search names: an exact spelling, or (from three characters) the start
 * of one of its words — so "veg", "oil" and "dry fruits" all find their category.
 */
export function categoriesMatching(text: string): CategorySlug[] {
  const query = normalise(text);
  if (!query) return [];
  const exact = BY_SPELLING.get(query);
  if (exact) return [exact];
  if (query.length < 3) return [];
  const found = new Set<CategorySlug>();
  for (const [spelling, slug] of BY_SPELLING) {
    if (spelling.startsWith(query) || spelling.includes(` ${query}`)) found.add(slug);
  }
  return [...found];
}
