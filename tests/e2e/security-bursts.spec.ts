/**
 * Bursts from one account against its limits (issue 38, finding 5), over real HTTP to the built
 * server: 100 posts at once, each on its own connection, store exactly 20 saved searches and 3 API
 * keys; every other post is refused with the message a person can act on, never a 5xx.
 */
import { MAX_SAVED_SEARCHES } from "../../core/alerts/saved-search";
import { MAX_API_KEYS } from "../../server/api-keys/api-keys.service";
import { deleteUser, expect, logInWith, signUpSellerWith, test, withDatabase } from "./support/fixtures";
import { BASE_URL, cookieHeader, rawRequest, SAME_ORIGIN } from "./support/security";

const BURST = 100;
const FORM = { ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" };

/** How many posts got each status, and the bodies of the refused ones. */
async function burst(path: string, body: string, cookie: string) {
  const answers = await Promise.all(
    Array.from({ length: BURST }, () => rawRequest({ method: "POST", path, headers: { ...FORM, cookie }, body, timeoutMs: 30_000 })),
  );
  const statuses: Record<number, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  return { statuses, refused: answers.filter((answer) => answer.status >= 400).map((answer) => answer.body.toString("utf8")) };
}

// @alone: 200 posts at once load the server on purpose, and other tests' pages would be shed meanwhile.
test("a burst of posts from one account stores exactly the limit of saved searches and API keys @alone", async ({ playwright }) => {
  // Measured 5–9 s for both bursts (SQLite and PostgreSQL, 2026-12-01); room for a busy machine.
  test.setTimeout(60_000);
  const context = await playwright.request.newContext({ baseURL: BASE_URL });
  const person = await signUpSellerWith(context);
  try {
    // A verified address, for the API keys' rule that asks for one; before signing in, so the session sees it.
    await withDatabase((db) =>
      db.kysely
        .updateTable("user")
        .set({ emailVerified: db.dialect === "sqlite" ? 1 : true })
        .where("id", "=", person.id)
        .execute(),
    );
    await logInWith(context, person);
    const cookie = await cookieHeader(context);
    const count = (table: "saved_search" | "api_key") =>
      withDatabase(async (db) =>
        Number(
          (
            await db.kysely
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number | string>().as("n"))
              .where("user_id", "=", person.id)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );

    const searches = await burst("/my/alerts/new", "q=onion", cookie);
    expect(searches.statuses).toEqual({ 302: MAX_SAVED_SEARCHES, 409: BURST - MAX_SAVED_SEARCHES });
    for (const body of searches.refused) expect(body).toContain(`You have saved as many searches as you can (${MAX_SAVED_SEARCHES}).`);
    expect(await count("saved_search")).toBe(MAX_SAVED_SEARCHES);

    const keys = await burst("/my/account", "intent=api-key", cookie);
    expect(keys.statuses).toEqual({ 200: MAX_API_KEYS, 400: BURST - MAX_API_KEYS });
    for (const body of keys.refused) expect(body).toContain(`You can keep ${MAX_API_KEYS} API keys at once.`);
    expect(await count("api_key")).toBe(MAX_API_KEYS);
  } finally {
    await deleteUser(person.id);
    await context.dispose();
  }
});
