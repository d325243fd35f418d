/**
 * The only place with SQL for better-auth's own tables (user, session, account, verification),
 * which better-auth creates and migrates; only the columns used here are typed.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import { roleOf, type Role } from "../../core/accounts/roles";
import type { Database } from "../db/schema";
import { createSignInFailuresRepository } from "./sign-in-failures.repository";

type AuthTables = {
  session: { id: string; userId: string };
  account: { id: string; userId: string };
  /** Tokens better-auth issues (password reset, delete-account links): `value` may be a user id. */
  verification: { id: string; identifier: string; value: string };
};

/** A person as the back office shows them (decision 014). */
export interface PersonRecord {
  id: string;
  name: string;
  email: string;
  role: Role;
  banned: boolean;
  banReason: string | null;
  /** Epoch milliseconds (UTC). */
  createdAt: number;
}

const PERSON_COLUMNS = ["id", "name", "email", "role", "banned", "banReason", "createdAt"] as const;

function toPerson(row: Pick<Selectable<Database["user"]>, (typeof PERSON_COLUMNS)[number]>): PersonRecord {
  return { ...row, role: roleOf(row.role), banned: Boolean(row.banned), createdAt: new Date(row.createdAt).getTime() };
}

export function createAccountsRepository(db: Kysely<Database>) {
  return {
    async findPerson(by: { id: string } | { email: string }): Promise<PersonRecord | null> {
      let query = db.selectFrom("user").select([...PERSON_COLUMNS]);
      query = "id" in by ? query.where("id", "=", by.id) : query.where("email", "=", by.email.trim().toLowerCase());
      const row = await query.executeTakeFirst();
      return row ? toPerson(row) : null;
    },

    /** Staff (moderators and admins) or banned people, by name. */
    async listPeople(which: "staff" | "banned", limit: number): Promise<PersonRecord[]> {
      let query = db.selectFrom("user").select([...PERSON_COLUMNS]);
      query = which === "staff" ? query.where("role", "in", ["moderator", "admin"]) : query.where("banned", "=", sql<boolean>`true`);
      return (await query.orderBy("name").orderBy("id").limit(limit).execute()).map(toPerson);
    },

    async setRole(userId: string, role: Role): Promise<void> {
      await db.updateTable("user").set({ role }).where("id", "=", userId).execute();
    },

    /** Bans (with the reason) or unbans; a ban also ends every session of theirs, on every instance. */
    async setBanned(userId: string, ban: { reason: string } | null): Promise<void> {
      await db
        .updateTable("user")
        .set({ banned: ban ? sql<boolean>`true` : sql<boolean>`false`, banReason: ban?.reason ?? null })
        .where("id", "=", userId)
        .execute();
      if (ban) await db.withTables<AuthTables>().deleteFrom("session").where("userId", "=", userId).execute();
    },

    /** True when the person is banned (decision 014); false for an unknown id. */
    async isBanned(userId: string): Promise<boolean> {
      const row = await db.selectFrom("user").select("banned").where("id", "=", userId).executeTakeFirst();
      return Boolean(row?.banned);
    },

    /**
     * Deletes the person and everything the auth tables keep about them: sessions, accounts
     * (the password hash), verification tokens, and the failed sign-ins counted for their
     * email. `within` is a transaction of the caller's.
     */
    async deletePerson(person: { id: string; email: string }, within: Kysely<Database> = db): Promise<void> {
      const auth = within.withTables<AuthTables>();
      // Sessions and accounts would go with the user row (ON DELETE CASCADE); said outright,
      // so nothing depends on how better-auth declared its tables.
      await auth.deleteFrom("session").where("userId", "=", person.id).execute();
      await auth.deleteFrom("account").where("userId", "=", person.id).execute();
      await auth
        .deleteFrom("verification")
        .where((eb) => eb.or([eb("value", "=", person.id), eb("identifier", "=", person.email)]))
        .execute();
      await createSignInFailuresRepository(within).clear(person.email);
      // Where they sold from (ours, not better-auth's; it would also go with the user row).
      await within.deleteFrom("seller_place").where("user_id", "=", person.id).execute();
      // Reports they sent, and reports about their listings (which are going too). The moderation
      // audit log keeps what staff did, by design (decision 014): it is append-only.
      await within
        .deleteFrom("listing_report")
        .where((eb) => eb.or([eb("reporter_id", "=", person.id), eb("seller_id", "=", person.id)]))
        .execute();
      await auth.deleteFrom("user").where("id", "=", person.id).execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
