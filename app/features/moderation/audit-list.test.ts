import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../../core/i18n/catalogues";
import type { Language } from "../../../core/i18n/languages";
import { AuditList, type AuditListEntry } from "./audit-list";
import { PageMessagesContext } from "../i18n/i18n";

const AT = Date.UTC(2026, 10, 24, 8, 30); // 14:00 in India
const entry = (fields: Partial<AuditListEntry>): AuditListEntry => ({
  id: 1,
  at: AT,
  actorId: "u1",
  actorName: "Anita Sharma",
  action: "hide",
  targetType: "listing",
  targetLabel: "Toor Dal",
  reason: null,
  ...fields,
});

/** Each entry's text, as a person reads it (tags out; the reason after a " | "). */
function read(lang: Language, entries: AuditListEntry[]): string[] {
  const html = renderToStaticMarkup(
    createElement(
      PageMessagesContext.Provider,
      { value: { lang, messages: CATALOGUES[lang], href: "" } },
      createElement(AuditList, { entries }),
    ),
  );
  return [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
    m[1]!
      .replace(/<\/p><p[^>]*>/g, " | ")
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/^.*? (IST|भारतीय समय) /, ""),
  );
}

/**
 * What the system writes into the log, in English (server/moderation/moderation.service.ts), and a
 * person's words beside it: each entry, then how it reads in Hindi and in English.
 */
const CASES: Array<[AuditListEntry, string, string]> = [
  [
    entry({ actorId: null, actorName: "Automatic", reason: "Reported by 3 different people" }),
    "स्वचालित व्यवस्था ने लिस्टिंग Toor Dal छिपाई | 3 अलग-अलग लोगों ने शिकायत की",
    "Automatic hid the listing Toor Dal | Reported by 3 different people",
  ],
  [
    entry({ action: "dismiss", reason: "2 report(s) dismissed" }),
    "Anita Sharma ने लिस्टिंग Toor Dal की शिकायतें ख़ारिज कीं | 2 शिकायतें ख़ारिज की गईं",
    "Anita Sharma dismissed the reports of the listing Toor Dal | 2 reports dismissed",
  ],
  [
    entry({ action: "restore", reason: "Unit fixed" }),
    "Anita Sharma ने लिस्टिंग Toor Dal फिर से दिखाई | Unit fixed",
    "Anita Sharma restored the listing Toor Dal | Unit fixed",
  ],
  [
    entry({ action: "ban", targetType: "person", targetLabel: "ram@example.in", reason: "Took advances (1 listing(s) hidden)" }),
    "Anita Sharma ने ram@example.in पर रोक लगाई | Took advances (1 लिस्टिंग छिपाई गई)",
    "Anita Sharma banned ram@example.in | Took advances (1 listing hidden)",
  ],
  [
    entry({ action: "unban", targetType: "person", targetLabel: "ram@example.in", reason: "2 listing(s) shown again" }),
    "Anita Sharma ने ram@example.in पर से रोक हटाई | 2 लिस्टिंग फिर से दिखाई गईं",
    "Anita Sharma lifted the ban on ram@example.in | 2 listings shown again",
  ],
  [
    entry({
      actorId: null,
      actorName: "Command line",
      action: "role:admin",
      targetType: "person",
      targetLabel: "ram@example.in",
      reason: "was moderator",
    }),
    "कमांड लाइन ने ram@example.in को एडमिन बनाया | पहले: मॉडरेटर",
    "Command line made an admin: ram@example.in | Was: Moderator",
  ],
  [
    entry({ action: "role:person", targetType: "person", targetLabel: "ram@example.in", reason: "was moderator" }),
    "Anita Sharma ने ram@example.in की स्टाफ़ भूमिका हटाई | पहले: मॉडरेटर",
    "Anita Sharma removed the staff role of ram@example.in | Was: Moderator",
  ],
];

describe("the audit log", () => {
  it("words in Hindi what the system wrote, each sentence in Hindi's order, and a person's words as written", () => {
    expect(
      read(
        "hi",
        CASES.map(([e]) => e),
      ),
    ).toEqual(CASES.map(([, hindi]) => hindi));
  });

  it("reads in English as before, with the counts worded", () => {
    expect(
      read(
        "en",
        CASES.map(([e]) => e),
      ),
    ).toEqual(CASES.map(([, , english]) => english));
  });

  it("keeps a person named like the system, and an action it does not know, as they are", () => {
    expect(read("hi", [entry({ actorName: "Automatic", action: "merge", reason: "was person" })])).toEqual([
      "Automatic merge Toor Dal | was person",
    ]);
  });
});
