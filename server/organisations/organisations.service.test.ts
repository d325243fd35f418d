/**
 * Organisation badges (issue 43, item 5; decision 061) through the real services on a real
 * database (PostgreSQL too when TEST_DATABASE_URL is set): a seller's number waits for staff; a
 * moderator approves it (the badge shows) or refuses it with a reason the seller reads; each
 * decision is in the audit log; nobody but staff may list or decide; a number the seller replaced
 * meanwhile is not decided; a new number takes the badge away until it is checked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANISATION_MESSAGES } from "../../core/accounts/organisation-forms";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeSeller } from "../seed/factories";

describe.each(testEngines())("organisation numbers on %s", (engine) => {
  let t: TestServices;
  let n = 0;
  let moderator: { id: string; name: string; role: "moderator" };

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const mod = await person();
    await t.moderation.setRole({ actor: { commandLine: true }, person: { id: mod.id }, role: "moderator" });
    moderator = { id: mod.id, name: mod.name, role: "moderator" };
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function person() {
    n += 1;
    const data = { ...makeSeller(800 + n), phone: `+9194${String(10_000_000 + n * 71).slice(-8)}` };
    const { id } = await t.accounts.signUp(data, new Headers());
    return { id, name: data.name, email: data.email, role: "person" as const };
  }
  const audit = async (userId: string) =>
    (
      await t.db.kysely
        .selectFrom("moderation_audit")
        .select(["actor_name", "action", "target_type", "target_label", "reason"])
        .where("target_id", "=", userId)
        .orderBy("id")
        .execute()
    ).map((row) => ({ ...row }));

  it("waits for staff, and once a moderator approves it the seller has the badge, with the decision in the log", async () => {
    const seller = await person();
    expect(await t.organisations.mine(seller)).toBeNull();
    t.clock.now += 1000;
    await t.organisations.submit({ actor: seller, kind: "fpo", number: "UP/FPO/2021/0042" });
    expect(await t.organisations.mine(seller)).toMatchObject({ kind: "fpo", number: "UP/FPO/2021/0042", status: "pending" });
    expect(await t.organisations.badgeOf(seller.id)).toBeNull();
    const pending = await t.organisations.listPending({ actor: moderator });
    expect(pending.find((entry) => entry.userId === seller.id)).toMatchObject({
      email: seller.email,
      kind: "fpo",
      number: "UP/FPO/2021/0042",
    });

    await t.organisations.decide({ actor: moderator, userId: seller.id, number: "UP/FPO/2021/0042", decision: "approve", reason: null });
    expect(await t.organisations.badgeOf(seller.id)).toBe("fpo");
    expect(await t.organisations.mine(seller)).toMatchObject({ status: "approved", decidedAt: t.clock.now });
    expect((await t.organisations.listPending({ actor: moderator })).map((entry) => entry.userId)).not.toContain(seller.id);
    expect(await audit(seller.id)).toEqual([
      {
        actor_name: moderator.name,
        action: "approve-organisation",
        target_type: "person",
        target_label: seller.email,
        reason: "UP/FPO/2021/0042",
      },
    ]);
    // Deciding again: it no longer waits.
    await expect(
      t.organisations.decide({ actor: moderator, userId: seller.id, number: "UP/FPO/2021/0042", decision: "refuse", reason: "Oops" }),
    ).rejects.toThrow(ORGANISATION_MESSAGES.notPending);
    // Sending the same number again keeps the badge; another number waits for a check, without it.
    await t.organisations.submit({ actor: seller, kind: "fpo", number: "UP/FPO/2021/0042" });
    expect(await t.organisations.badgeOf(seller.id)).toBe("fpo");
    await t.organisations.submit({ actor: seller, kind: "trader", number: "MH-APMC-1234" });
    expect(await t.organisations.badgeOf(seller.id)).toBeNull();
    expect(await t.organisations.mine(seller)).toMatchObject({ kind: "trader", status: "pending", decidedAt: null });
  });

  it("is refused with the reason the seller reads, and only the number staff were shown is decided", async () => {
    const seller = await person();
    await t.organisations.submit({ actor: seller, kind: "trader", number: "MH-APMC-9999" });
    await expect(
      t.organisations.decide({ actor: moderator, userId: seller.id, number: "MH-APMC-9999", decision: "refuse", reason: null }),
    ).rejects.toThrow(ORGANISATION_MESSAGES.giveRefusalReason);
    // The seller replaced the number after the moderator opened the list.
    await t.organisations.submit({ actor: seller, kind: "trader", number: "MH-APMC-1000" });
    await expect(
      t.organisations.decide({ actor: moderator, userId: seller.id, number: "MH-APMC-9999", decision: "approve", reason: null }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await t.organisations.badgeOf(seller.id)).toBeNull();
    await t.organisations.decide({
      actor: moderator,
      userId: seller.id,
      number: "MH-APMC-1000",
      decision: "refuse",
      reason: "No licence with this number in the board's list",
    });
    expect(await t.organisations.mine(seller)).toMatchObject({
      status: "refused",
      refusalReason: "No licence with this number in the board's list",
    });
    expect(await t.organisations.badgeOf(seller.id)).toBeNull();
    expect((await audit(seller.id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ["refuse-organisation", "MH-APMC-1000: No licence with this number in the board's list"],
    ]);
    // A refused number sent again waits again.
    await t.organisations.submit({ actor: seller, kind: "trader", number: "MH-APMC-1000" });
    expect(await t.organisations.mine(seller)).toMatchObject({ status: "pending", refusalReason: null });
  });

  it("lets nobody but staff list or decide, and nobody signed out send a number", async () => {
    const seller = await person();
    const other = await person();
    await t.organisations.submit({ actor: seller, kind: "fpo", number: "KA/FPO/77" });
    await expect(t.organisations.listPending({ actor: { ...other } })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(t.organisations.listPending({ actor: null })).rejects.toMatchObject({ code: "NOT_FOUND" });
    for (const actor of [other, seller, null])
      await expect(
        t.organisations.decide({ actor, userId: seller.id, number: "KA/FPO/77", decision: "approve", reason: null }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(t.organisations.submit({ actor: null, kind: "fpo", number: "KA/FPO/77" })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(await t.organisations.badgeOf(seller.id)).toBeNull();
    // Gone with the account.
    await t.db.kysely.deleteFrom("user").where("id", "=", seller.id).execute();
    expect((await t.organisations.listPending({ actor: moderator })).map((entry) => entry.userId)).not.toContain(seller.id);
  });
});
