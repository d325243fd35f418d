/**
 * The only place with SQL for better-auth's own tables (user, session, account, verification),
 * which better-auth creates and migrates; only the columns used here are typed.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { createSignInFailuresRepository } from "./sign-in-failures.repository";

type AuthTables = {
  session: { id: string; userId: string };
  account: { id: string; userId: string };
  /** Tokens better-auth issues (password reset, delete-account links): `value` may be a user id. */
  verification: { id: string; identifier: string; value: string };
};

export function createAccountsRepository(db: Kysely<Database>) {
  return {
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
      await auth.deleteFrom("verification").where((eb) => eb.or([eb("value", "=", person.id), eb("identifier", "=", person.email)])).execute();
      await createSignInFailuresRepository(within).clear(person.email);
      // Where they sold from (ours, not better-auth's; it would also go with the user row).
      await within.deleteFrom("seller_place").where("user_id", "=", person.id).execute();
      await auth.deleteFrom("user").where("id", "=", person.id).execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
