/** The organisation number's schema (decision 061): what staff see, and every refusal with its message. */
import { describe, expect, it } from "vitest";
import { parseWith } from "../shared/form-fields";
import { accountFormSchema } from "./account-forms";
import { ORGANISATION_MESSAGES, organisationDecisionSchema } from "./organisation-forms";

const submit = (number: unknown, kind: unknown = "fpo") => parseWith(accountFormSchema, { intent: "organisation", kind, number });

describe("an organisation number", () => {
  it("is trimmed, its spaces folded, full-width letters read as ASCII and written in capitals", () => {
    expect(submit("  up/fpo/2021/0042 ")).toEqual({ ok: true, data: { intent: "organisation", kind: "fpo", number: "UP/FPO/2021/0042" } });
    expect(submit("MH  APMC \tNSK-1234", "trader")).toMatchObject({ ok: true, data: { kind: "trader", number: "MH APMC NSK-1234" } });
    expect(submit("ＵＰ／ＦＰＯ／１２３")).toMatchObject({ ok: true, data: { number: "UP/FPO/123" } });
    expect(submit("KA.12.345")).toMatchObject({ ok: true, data: { number: "KA.12.345" } });
  });

  it("refuses a missing kind or number, a wrong length and other characters, each with its message", () => {
    expect(submit("UP/FPO/1", "bank")).toEqual({ ok: false, errors: { kind: ORGANISATION_MESSAGES.chooseKind } });
    expect(parseWith(accountFormSchema, { intent: "organisation" })).toEqual({
      ok: false,
      errors: { kind: ORGANISATION_MESSAGES.chooseKind, number: ORGANISATION_MESSAGES.enterNumber },
    });
    expect(submit("   ")).toEqual({ ok: false, errors: { number: ORGANISATION_MESSAGES.enterNumber } });
    expect(submit("AB1")).toEqual({ ok: false, errors: { number: ORGANISATION_MESSAGES.length } });
    expect(submit("A".repeat(41))).toEqual({ ok: false, errors: { number: ORGANISATION_MESSAGES.length } });
    for (const bad of ["FPO#123", "<b>1234</b>", "1234;drop", "/1234", "1234-", "किसान123", "१२३४५", "FPO_1234"])
      expect(submit(bad), bad).toEqual({ ok: false, errors: { number: ORGANISATION_MESSAGES.characters } });
    // A file where text was expected reads as nothing.
    expect(submit(new Blob(["1234"]))).toEqual({ ok: false, errors: { number: ORGANISATION_MESSAGES.enterNumber } });
  });

  it("refuses invisible and right-to-left characters with a message of their own", () => {
    for (const hidden of ["\u200b", "\u200d", "\u202e", "\u2066", "\u200f", "\ufeff", "\u00ad", "\u0000", "\u2028"])
      expect(submit(`UP/FPO${hidden}/2021`), JSON.stringify(hidden)).toEqual({
        ok: false,
        errors: { number: ORGANISATION_MESSAGES.invisible },
      });
  });
});

describe("staff's decision on a number", () => {
  it("needs the person, the number shown, and for a refusal a reason", () => {
    expect(parseWith(organisationDecisionSchema, { intent: "approve-organisation", personId: "abc_1-2", number: "up/fpo/1" })).toEqual({
      ok: true,
      data: { intent: "approve-organisation", personId: "abc_1-2", number: "UP/FPO/1" },
    });
    expect(
      parseWith(organisationDecisionSchema, { intent: "refuse-organisation", personId: "abc", number: "UP/FPO/1", reason: " … " }),
    ).toEqual({ ok: false, errors: { reason: ORGANISATION_MESSAGES.giveRefusalReason } });
    expect(
      parseWith(organisationDecisionSchema, { intent: "refuse-organisation", personId: "abc", number: "UP/FPO/1", reason: "No such FPO" }),
    ).toMatchObject({ ok: true, data: { reason: "No such FPO" } });
    expect(
      parseWith(organisationDecisionSchema, { intent: "approve-organisation", personId: "a b\u0000", number: "UP/FPO/1" }),
    ).toMatchObject({
      ok: false,
      errors: { personId: "Please send the form again from the page." },
    });
  });
});
