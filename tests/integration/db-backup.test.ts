/** `npm run db:backup`: a backup taken while the app is open holds everything and opens as Mandi. */
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { backupSqlite } from "../../server/db/backup-sqlite";
import { openDatabase } from "../../server/db/database";
import { seedDemoData } from "../../server/seed/seed";
import { createTestServices, type TestServices } from "../support/test-services";

let t: TestServices;
let sellers: number;
beforeAll(async () => {
  t = await createTestServices();
  ({ sellers } = await seedDemoData(t, { listings: 5, days: 3, clock: t.clock }));
});
afterAll(() => t.cleanup());

it("copies a consistent snapshot of the open database", async () => {
  const file = path.join(t.dataDir, "backups", "mandi.sqlite");
  const { pages } = await backupSqlite({ from: t.config.databaseUrl.slice("sqlite:".length), to: file });
  expect(pages).toBeGreaterThan(0);
  const backup = openDatabase(`sqlite:${file}`);
  try {
    const listings = await backup.kysely.selectFrom("listing").select(["id", "name"]).orderBy("id").execute();
    const original = await t.db.kysely.selectFrom("listing").select(["id", "name"]).orderBy("id").execute();
    expect(listings).toHaveLength(5);
    expect(listings).toEqual(original);
    expect(await backup.kysely.selectFrom("user").select("email").execute()).toHaveLength(sellers + 1); // and the admin
  } finally {
    await backup.close();
  }
});
