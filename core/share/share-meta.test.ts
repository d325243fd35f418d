import { describe, expect, it } from "vitest";
import { absoluteUrl, shareLanguage, shareMetaTags, shortDescription } from "./share-meta";

describe("share meta tags", () => {
  it("say title, description, canonical and shared address, language and the image", () => {
    const tags = shareMetaTags({
      title: "Nashik Onion — ₹25 / kg",
      description: "₹2,500 / quintal (₹25 / kg) · Nashik, Maharashtra",
      canonical: "https://mandi.example/view/1",
      url: "https://mandi.example/view/1?lang=hi",
      lang: "hi",
      type: "product",
      image: { url: "https://mandi.example/share/listing/1/hi-0123456789abcdef.jpg", width: 1200, height: 630, alt: "Nashik Onion" },
    });
    const byKey = Object.fromEntries(
      tags.map((tag) => ("property" in tag ? [tag.property, tag.content] : "name" in tag ? [tag.name, tag.content] : [tag.rel, tag.href])),
    );
    expect(byKey).toMatchObject({
      canonical: "https://mandi.example/view/1",
      "og:url": "https://mandi.example/view/1?lang=hi",
      "og:locale": "hi_IN",
      "og:type": "product",
      "og:image": "https://mandi.example/share/listing/1/hi-0123456789abcdef.jpg",
      "og:image:type": "image/jpeg",
      "og:image:width": "1200",
      "og:image:height": "630",
      "twitter:card": "summary_large_image",
      description: "₹2,500 / quintal (₹25 / kg) · Nashik, Maharashtra",
    });
    // Every other language the page is read in, one tag each.
    const alternates = tags
      .filter((tag) => "property" in tag && tag.property === "og:locale:alternate")
      .map((tag) => ("content" in tag ? tag.content : ""));
    expect(alternates).toEqual(["en_IN", "bn_IN", "te_IN", "mr_IN", "ta_IN", "gu_IN", "or_IN", "kn_IN", "pa_IN", "ur_IN", "ml_IN"]);
  });

  it("say summary without an image, and keep descriptions short", () => {
    const tags = shareMetaTags({
      title: "t",
      description: "x ".repeat(300),
      canonical: "https://m/",
      url: "https://m/",
      lang: "en",
      type: "website",
      image: null,
    });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(tags.some((tag) => "property" in tag && tag.property === "og:image")).toBe(false);
    expect([...shortDescription("x ".repeat(300))].length).toBeLessThanOrEqual(200);
  });

  it("read ?lang= for the preview's language, and build absolute addresses from BASE_URL", () => {
    expect(shareLanguage(new URLSearchParams("lang=hi"), "en")).toBe("hi");
    expect(shareLanguage(new URLSearchParams("lang=fr"), "en")).toBe("en");
    expect(absoluteUrl("https://mandi.example", "/viewmore?q=onion&lang=en", "hi")).toBe("https://mandi.example/viewmore?q=onion&lang=hi");
    expect(absoluteUrl("https://mandi.example/", "/view/1?lang=hi")).toBe("https://mandi.example/view/1");
  });
});
