import { describe, expect, it } from "vitest";
import { htmlLangOf, offlinePageHtml, SAVED_COPY_BANNER_ID, withSavedCopyBanner } from "./offline-page";

const PAGE =
  '<!DOCTYPE html><html lang="en-IN" dir="ltr"><head><title>Mandi</title></head><body class="flex"><a href="#main">Skip</a><main id="main">Rice</main></body></html>';

describe("a saved page shown offline", () => {
  it("gets the banner first in <body>, in the page's own language", () => {
    const html = withSavedCopyBanner(PAGE);
    expect(html).toContain(`<body class="flex"><div id="${SAVED_COPY_BANNER_ID}" role="status"`);
    expect(html).toContain('>You are offline. This page may be out of date.</div><a href="#main">');
    const hindi = withSavedCopyBanner(PAGE.replace('lang="en-IN"', 'lang="hi-IN"'));
    expect(hindi).toContain("आप ऑफ़लाइन हैं। हो सकता है यह पेज पुराना हो।");
    expect(htmlLangOf(PAGE)).toBe("en-IN");
    expect(htmlLangOf("<p>no html tag</p>")).toBeNull();
  });
});

describe("the offline page", () => {
  it("asks for the same address again, its query kept, with everything escaped", () => {
    const html = offlinePageHtml({
      url: new URL('http://x/viewmore?q=<basmati>&sort=price-asc&q2="a"'),
      lang: "en-IN",
      stylesheet: "/assets/root-abc.css",
    });
    expect(html).toContain('<html lang="en-IN" dir="ltr">');
    expect(html).toContain('<form method="get" action="/viewmore"');
    expect(html).toContain('<input type="hidden" name="q" value="&#60;basmati&#62;">');
    expect(html).toContain('<input type="hidden" name="sort" value="price-asc">');
    expect(html).toContain('<input type="hidden" name="q2" value="&#34;a&#34;">');
    expect(html).toContain('<button type="submit" class="btn-primary">Try again</button>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-abc.css">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<basmati>");
  });

  it("speaks Hindi for a Hindi reader, and mentions the kept draft on the sell form", () => {
    const html = offlinePageHtml({ url: new URL("http://x/create"), lang: "hi-IN" });
    expect(html).toContain('<html lang="hi-IN" dir="ltr">');
    expect(html).toContain('<h1 class="text-2xl font-bold">आप ऑफ़लाइन हैं</h1>');
    expect(html).toContain(">फिर से कोशिश करें</button>");
    expect(html).toContain("बेचने के फ़ॉर्म में आपने जो लिखा था");
    expect(offlinePageHtml({ url: new URL("http://x/view/abc"), lang: null })).not.toContain("sell form");
  });
});
