import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, languageFromCookie, pickLanguage } from "./languages";

describe("choosing the page's language", () => {
  it("reads the lang cookie among others, and ignores a value that is not ours", () => {
    expect(languageFromCookie("a=1; lang=hi; b=2")).toBe("hi");
    expect(languageFromCookie("lang=en")).toBe("en");
    expect(languageFromCookie("lang=fr; other=hi")).toBeUndefined();
    expect(languageFromCookie("xlang=hi")).toBeUndefined();
    expect(languageFromCookie(null)).toBeUndefined();
  });

  it("takes the most wanted of our languages from Accept-Language", () => {
    expect(languageFromAcceptLanguage("hi-IN,hi;q=0.9,en;q=0.8")).toBe("hi");
    expect(languageFromAcceptLanguage("hi")).toBe("hi");
    expect(languageFromAcceptLanguage("en-GB,en;q=0.9,hi;q=0.5")).toBe("en");
    expect(languageFromAcceptLanguage("en;q=0.4, HI-in;q=0.7")).toBe("hi");
    expect(languageFromAcceptLanguage("fr-FR,fr;q=0.9")).toBeUndefined();
    expect(languageFromAcceptLanguage("hi;q=0, en;q=0.1")).toBe("en");
    expect(languageFromAcceptLanguage("hi;q=abc")).toBeUndefined();
    expect(languageFromAcceptLanguage("")).toBeUndefined();
    // The ten other languages, by their tags as phones send them (issue 40).
    expect(languageFromAcceptLanguage("ta-IN,ta;q=0.9,en-US;q=0.8")).toBe("ta");
    expect(languageFromAcceptLanguage("mr-IN,hi;q=0.8")).toBe("mr");
    expect(languageFromAcceptLanguage("pa-Guru-IN")).toBe("pa");
    expect(languageFromAcceptLanguage("ur-Arab-IN")).toBe("ur");
    expect(languageFromAcceptLanguage("ur-PK,ur;q=0.9")).toBe("ur");
    expect(languageFromAcceptLanguage("bn-BD, or-IN;q=0.9")).toBe("bn");
    expect(languageFromAcceptLanguage("ml;q=0.5, kn;q=0.6, te;q=0.4, gu;q=0.3")).toBe("kn");
  });

  it("prefers the cookie, then Accept-Language, then English", () => {
    expect(pickLanguage({ cookie: "lang=en", acceptLanguage: "hi" })).toBe("en");
    expect(pickLanguage({ cookie: "lang=hi", acceptLanguage: "en" })).toBe("hi");
    expect(pickLanguage({ cookie: null, acceptLanguage: "hi-IN" })).toBe("hi");
    expect(pickLanguage({ cookie: "lang=xx", acceptLanguage: "fr-FR" })).toBe("en");
    expect(pickLanguage({ cookie: "lang=xx", acceptLanguage: "ta-IN" })).toBe("ta");
    expect(pickLanguage({})).toBe("en");
  });
});
