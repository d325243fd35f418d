/**
 * API keys act for a person (decision 032): with nobody signed in, listing, making and revoking
 * one are refused as every other service refuses someone signed out, and nothing is written.
 * Real services on a real database, on each engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markEmailVerifiedForTest } from "../../tests/support/email-verified";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeSeller } from "../seed/factories";

async function refusal(attempt: Promise<unknown>): Promise<unknown> {
  try {
    await attempt;
  } catch (error) {
    return error;
  }
  throw new Error("the call was not refused");
}

describe.each(testEngines())("API keys on %s", (engine) => {
  let t: TestServices;
  let owner: { id: string };

  beforeAll(async () => {
    t = await createTestServices({ engine });
    owner = { id: (await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers())).id };
    await markEmailVerifiedForTest(t.db.kysely, owner.id);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("refuses listing, making and revoking keys for nobody, with the refusal the other services give", async () => {
    const made = await t.apiKeys.create(owner);
    // What another service that acts for a person says to someone signed out.
    const expected = await refusal(t.savedListings.listSaved({ actor: null, page: 1 }));
    expect(expected).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });
    for (const actor of [null, undefined]) {
      for (const attempt of [t.apiKeys.list(actor), t.apiKeys.create(actor), t.apiKeys.revoke(actor, made.id)]) {
        const error = await refusal(attempt);
        expect(error).toBeInstanceOf((expected as Error).constructor);
        expect(error).toMatchObject({
          name: (expected as Error).name,
          code: "UNAUTHENTICATED",
          status: 401,
          message: (expected as Error).message,
        });
      }
    }
    // Nothing was made or revoked by the refused calls.
    expect(await t.apiKeys.list(owner)).toEqual([{ id: made.id, prefix: made.prefix, createdAt: made.createdAt }]);
  });
});
