/**
 * `npm run db:copy -- --from sqlite:./data/mandi.sqlite --to postgres://…`: copies an install's
 * users, sessions and listings (with their photo references) to another database. Safe to run
 * again; ends with a count check and exits 1 if anything is missing at the destination.
 * Photos themselves move with `npm run media:copy`.
 */
import { parseArgs } from "node:util";
import { MultiBar, Presets } from "cli-progress";
import { z } from "zod";
import { copyDatabase, isCompleteCopy, type CopiedTable } from "../server/db/copy-database";
import { openDatabase } from "../server/db/database";

const databaseUrl = z.string().regex(/^(sqlite:|postgres(ql)?:\/\/)/, "must start with sqlite: or postgres://");
const argsSchema = z
  .object({ from: databaseUrl, to: databaseUrl })
  .refine((args) => args.from !== args.to, { message: "--from and --to must be different databases", path: ["to"] });

const { values } = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } } });
const parsed = argsSchema.safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".") || "args"}: ${issue.message}`);
  console.error("Usage: npm run db:copy -- --from sqlite:./data/mandi.sqlite --to postgres://user@host:5432/mandi");
  process.exit(2);
}

const from = openDatabase(parsed.data.from);
const to = openDatabase(parsed.data.to);
const bars = new MultiBar(
  { format: " {table} |{bar}| {value}/{total}", noTTYOutput: true, notTTYSchedule: 5000, hideCursor: true },
  Presets.shades_classic,
);
const barFor = new Map<CopiedTable, ReturnType<MultiBar["create"]>>();
try {
  const results = await copyDatabase({
    from,
    to,
    onProgress: (table, done, total) => {
      const bar = barFor.get(table) ?? barFor.set(table, bars.create(total, 0, { table: table.padEnd(12) })).get(table)!;
      bar.update(done);
    },
  }).finally(() => bars.stop());
  console.log("\n table         source  copied now  at destination");
  for (const r of results) {
    console.log(
      ` ${r.table.padEnd(12)} ${String(r.source).padStart(7)} ${String(r.inserted).padStart(11)} ${String(r.present).padStart(15)}`,
    );
  }
  if (isCompleteCopy(results)) {
    console.log("\nCount check passed: every row is at the destination.");
  } else {
    console.error("\nCount check FAILED: some rows are missing at the destination (see the table above).");
    process.exitCode = 1;
  }
} finally {
  await Promise.all([from.close(), to.close()]);
}
