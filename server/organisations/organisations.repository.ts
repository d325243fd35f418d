/** The only place with SQL for sellers' organisation numbers (migration 0042, decision 061). */
import type { Kysely } from "kysely";
import type { OrganisationKind } from "../../core/accounts/organisation";
import type { Database } from "../db/schema";

export interface SellerOrganisation {
  kind: OrganisationKind;
  number: string;
  status: "pending" | "approved" | "refused";
  /** Epoch milliseconds (UTC). */
  submittedAt: number;
  decidedAt: number | null;
  refusalReason: string | null;
}

/** A number waiting for staff, with whose it is. */
export interface PendingOrganisation {
  userId: string;
  name: string;
  email: string;
  kind: OrganisationKind;
  number: string;
  submittedAt: number;
}

export function createOrganisationsRepository(db: Kysely<Database>) {
  return {
    async find(userId: string): Promise<SellerOrganisation | null> {
      const row = await db.selectFrom("seller_organisation").selectAll().where("user_id", "=", userId).executeTakeFirst();
      return row
        ? {
            kind: row.kind,
            number: row.number,
            status: row.status,
            submittedAt: Number(row.submitted_at),
            decidedAt: row.decided_at === null ? null : Number(row.decided_at),
            refusalReason: row.refusal_reason,
          }
        : null;
    },

    /** The seller's number, waiting for staff from `at` (a new number replaces the old one, checked or not). */
    async submit(userId: string, entry: { kind: OrganisationKind; number: string }, at: number): Promise<void> {
      const values = { ...entry, status: "pending" as const, submitted_at: at, decided_at: null, refusal_reason: null };
      await db
        .insertInto("seller_organisation")
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
    },

    /** Numbers waiting for staff, oldest first (seller_organisation_pending_idx); or one person's, if waiting. */
    async listPending(limit: number, userId?: string): Promise<PendingOrganisation[]> {
      let query = db
        .selectFrom("seller_organisation")
        .innerJoin("user", "user.id", "seller_organisation.user_id")
        .select([
          "seller_organisation.user_id",
          "seller_organisation.kind",
          "seller_organisation.number",
          "seller_organisation.submitted_at",
          "user.name",
          "user.email",
        ])
        .where("seller_organisation.status", "=", "pending");
      if (userId !== undefined) query = query.where("seller_organisation.user_id", "=", userId);
      const rows = await query.orderBy("seller_organisation.submitted_at").orderBy("seller_organisation.user_id").limit(limit).execute();
      return rows.map((row) => ({
        userId: row.user_id,
        name: row.name,
        email: row.email,
        kind: row.kind,
        number: row.number,
        submittedAt: Number(row.submitted_at),
      }));
    },

    /**
     * Staff's decision on the number staff were shown, in one transaction with `alsoWithin` (the
     * audit entry). Only a number still waiting, and still the one shown (the seller may have sent
     * another meanwhile), is decided; false otherwise, and nothing is written.
     */
    async decide(
      userId: string,
      shown: string,
      decision: { status: "approved" | "refused"; at: number; reason: string | null },
      alsoWithin: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const decided = await trx
          .updateTable("seller_organisation")
          .set({ status: decision.status, decided_at: decision.at, refusal_reason: decision.reason })
          .where("user_id", "=", userId)
          .where("number", "=", shown)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (Number(decided.numUpdatedRows) === 0) return false;
        await alsoWithin(trx);
        return true;
      });
    },

    /** The badge a seller has, if staff approved their number. */
    async approvedKind(userId: string): Promise<OrganisationKind | null> {
      const row = await db
        .selectFrom("seller_organisation")
        .select("kind")
        .where("user_id", "=", userId)
        .where("status", "=", "approved")
        .executeTakeFirst();
      return row?.kind ?? null;
    },
  };
}

export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;
