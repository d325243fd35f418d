/**
 * Open Graph and Twitter card tags for a page people share (issue 24, decision 023), one shape for
 * every page that has them: a listing, a seller, search results, price pages. A route's loader
 * builds a SharePreview on the server (it knows BASE_URL and the words), and its meta function
 * returns `shareMetaTags(data.preview)` beside its title.
 *
 * URLs are the same in every language (decision 015), so a page shared from the Hindi site says
 * so in its address: `?lang=hi` (`shareLanguage`) makes the preview (tags and card) Hindi for a
 * crawler that sends no cookie; a person opening it still reads the site in their own language.
 */
import { isLanguage, LANGUAGES, type Language } from "../i18n/languages";

export interface SharePreview {
  /** The page's title without the site's name ("Nashik Onion — ₹25 / kg"). */
  title: string;
  /** One or two short sentences: price and place for a listing. */
  description: string;
  /** The page's canonical address: BASE_URL and the path, no language. */
  canonical: string;
  /** The address being shared: the canonical one, with `?lang=hi` for a Hindi preview. */
  url: string;
  lang: Language;
  type: "website" | "product" | "profile";
  /** An absolute image address, 1200×630, or null for none. */
  image: { url: string; width: number; height: number; alt: string } | null;
}

/** What React Router's meta function takes: plain objects, so core/ needs no framework. */
export type MetaTag =
  { property: string; content: string } | { name: string; content: string } | { tagName: "link"; rel: string; href: string };

/** Open Graph's locale: the language's Indian locale with an underscore (en_IN, ta_IN). */
export const OG_LOCALE = Object.fromEntries(LANGUAGES.map((language) => [language, `${language}_IN`])) as Record<Language, string>;
export const SITE_NAME = "Mandi";
/** Facebook cuts a description about here; WhatsApp shows two lines. */
const MAX_DESCRIPTION = 200;

/** The preview's language: `?lang=` when it names one of ours, else the page's. */
export function shareLanguage(searchParams: URLSearchParams, pageLanguage: Language): Language {
  const asked = searchParams.get("lang");
  return isLanguage(asked) ? asked : pageLanguage;
}

/** BASE_URL and a path (with its query), as an absolute address; `lang` adds `lang=hi` for Hindi. */
export function absoluteUrl(baseUrl: string, pathAndQuery: string, lang?: Language): string {
  const url = new URL(pathAndQuery, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  url.searchParams.delete("lang");
  if (lang && lang !== "en") url.searchParams.set("lang", lang);
  return url.toString();
}

export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return [...flat].length > MAX_DESCRIPTION
    ? `${[...flat]
        .slice(0, MAX_DESCRIPTION - 1)
        .join("")
        .trimEnd()}…`
    : flat;
}

export function shareMetaTags(preview: SharePreview): MetaTag[] {
  const description = shortDescription(preview.description);
  const tags: MetaTag[] = [
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: preview.canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: preview.type === "product" ? "product" : preview.type === "profile" ? "profile" : "website" },
    { property: "og:title", content: preview.title },
    { property: "og:description", content: description },
    { property: "og:url", content: preview.url },
    { property: "og:locale", content: OG_LOCALE[preview.lang] },
    ...LANGUAGES.filter((language) => language !== preview.lang).map((language) => ({
      property: "og:locale:alternate",
      content: OG_LOCALE[language],
    })),
    { name: "twitter:card", content: preview.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: preview.title },
    { name: "twitter:description", content: description },
  ];
  if (preview.image) {
    tags.push(
      { property: "og:image", content: preview.image.url },
      { property: "og:image:secure_url", content: preview.image.url },
      { property: "og:image:type", content: preview.image.url.endsWith(".png") ? "image/png" : "image/jpeg" },
      { property: "og:image:width", content: String(preview.image.width) },
      { property: "og:image:height", content: String(preview.image.height) },
      { property: "og:image:alt", content: preview.image.alt },
      { name: "twitter:image", content: preview.image.url },
      { name: "twitter:image:alt", content: preview.image.alt },
    );
  }
  return tags;
}
