/**
 * A person's limits hold under a burst (issue 38, finding 5): 100 posts at once from one account,
 * through the real actions of /my/alerts/new and /my/account, spread over two instances on one
 * database (each its own pool of connections, or its own SQLite connection), store exactly the
 * limit — 20 saved searches, 3 API keys — and refuse the rest with the usual message.
 * insertWithinLimit (server/db/insert-within-limit.ts) is what holds.
 */
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as newAlertAction } from "../../app/routes/my.alerts.new";
import { action as accountAction } from "../../app/routes/my.account";
import { MAX_SAVED_SEARCHES } from "../../core/alerts/saved-search";
import { ALERT_MESSAGES } from "../../server/alerts/alerts.service";
import { MAX_API_KEYS } from "../../server/api-keys/api-keys.service";
import { createLogger } from "../../server/logger";
import { createServices, type Services } from "../../server/services";
import { testEngines } from "../support/test-database";
import { createTestServices, routeContextFor, type TestServices } from "../support/test-services";
import { signedInSeller } from "../support/uploads";

const BURST = 100;

type AnyAction = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

/** An action's status and, for data, its first error message. */
async function run(action: AnyAction, request: Request, context: AppLoadContext): Promise<{ status: number; error?: string }> {
  const result = await action({ request, context, params: {} });
  if (result instanceof Response) return { status: result.status };
  const { data: body, init } = result as { data: { errors: Record<string, string> }; init: ResponseInit | null };
  return { status: init?.status ?? 200, error: Object.values(body.errors)[0] };
}

function tally(outcomes: Array<{ status: number; error?: string }>) {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes)
    counts[`${outcome.status} ${outcome.error ?? ""}`.trim()] = (counts[`${outcome.status} ${outcome.error ?? ""}`.trim()] ?? 0) + 1;
  return counts;
}

describe.each(testEngines())("on %s", (engine) => {
  let t: TestServices;
  /** A second instance on the same database. */
  let other: Services;
  let person: { id: string; cookie: string };

  /** The burst, every other post on the other instance, all started at once. */
  const burst = (action: AnyAction, path: string, body: () => URLSearchParams) =>
    Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        run(
          action,
          new Request(`http://127.0.0.1${path}`, { method: "POST", body: body() }),
          routeContextFor(i % 2 ? other : t, person.cookie),
        ),
      ),
    );
  const stored = async (table: "saved_search" | "api_key") =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("user_id", "=", person.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestServices({ engine });
    other = await createServices(t.config, { logger: createLogger("silent"), now: () => t.clock.now });
    person = await signedInSeller(t, 1);
    // A verified address, for the API key's rule that asks for one.
    await t.db.kysely
      .updateTable("user")
      .set({ emailVerified: engine === "sqlite" ? 1 : true })
      .where("id", "=", person.id)
      .execute();
  });
  afterAll(async () => {
    await other?.close();
    await t?.cleanup();
  });

  it(`stores exactly ${MAX_SAVED_SEARCHES} saved searches out of ${BURST} posted at once`, async () => {
    const outcomes = await burst(newAlertAction as AnyAction, "/my/alerts/new", () => new URLSearchParams({ q: "onion" }));
    expect(tally(outcomes)).toEqual({
      "302": MAX_SAVED_SEARCHES,
      [`409 ${ALERT_MESSAGES.tooMany.replace("{{max}}", String(MAX_SAVED_SEARCHES))}`]: BURST - MAX_SAVED_SEARCHES,
    });
    expect(await stored("saved_search")).toBe(MAX_SAVED_SEARCHES);
  });

  it(`stores exactly ${MAX_API_KEYS} API keys out of ${BURST} made at once`, async () => {
    const outcomes = await burst(accountAction as AnyAction, "/my/account", () => new URLSearchParams({ intent: "api-key" }));
    expect(tally(outcomes)).toEqual({
      "200": MAX_API_KEYS,
      [`400 You can keep ${MAX_API_KEYS} API keys at once. Please revoke one you no longer use first.`]: BURST - MAX_API_KEYS,
    });
    expect(await stored("api_key")).toBe(MAX_API_KEYS);
  });
});
