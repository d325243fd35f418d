/**
 * Realistic demo data, shared by `npm run seed` and the tests: sellers, produce with sensible
 * prices per category, and generated photos (made with sharp, so no files are shipped).
 */
import sharp from "sharp";
import type { CategorySlug } from "../../core/categories";

export interface SellerData {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** A demo listing as the sell form would send it (every value typed as text). */
export interface ProduceData {
  name: string;
  category: CategorySlug;
  /** Rupees per `unit`, as a person would type it. */
  price: string;
  unit: string;
  /** kg in one dozen or crate. */
  unitKg: string;
  quantity: string;
  description: string;
  state: string;
  district: string;
  place: string;
  pin: string;
}

const SELLERS: SellerData[] = [
  { name: "Ramesh Patil", email: "ramesh@example.in", phone: "9876543210", password: "khet-ramesh-2026" },
  { name: "Sunita Devi", email: "sunita@example.in", phone: "9123456780", password: "khet-sunita-2026" },
  { name: "Gurpreet Singh", email: "gurpreet@example.in", phone: "8800112233", password: "khet-gurpreet-2026" },
  { name: "Lakshmi Narayanan", email: "lakshmi@example.in", phone: "7012345678", password: "khet-lakshmi-2026" },
  { name: "Abdul Karim", email: "abdul@example.in", phone: "6398765432", password: "khet-abdul-2026" },
  { name: "Meena Kumari", email: "meena@example.in", phone: "9988776655", password: "khet-meena-2026" },
];

/** Where each demo seller (same order as SELLERS) farms: real districts, with a village and its PIN. */
const SELLER_PLACES = [
  { state: "maharashtra", district: "nashik", place: "Pimpalgaon Baswant", pin: "422209" },
  { state: "bihar", district: "patna", place: "Danapur", pin: "801503" },
  { state: "punjab", district: "ludhiana", place: "Khanna", pin: "141401" },
  { state: "tamil-nadu", district: "thanjavur", place: "Orathanadu", pin: "614625" },
  { state: "uttar-pradesh", district: "agra", place: "Kheragarh", pin: "283122" },
  { state: "rajasthan", district: "jaipur", place: "Chomu", pin: "303702" },
];

/**
 * How produce of each category is sold, besides by the kg: grain and seed by the quintal, fruit
 * by the crate (kg per crate) or the dozen; some of each stays per kg.
 */
const UNITS_BY_CATEGORY: Record<CategorySlug, Array<{ unit: string; kg: number }>> = {
  rice: [{ unit: "kg", kg: 1 }, { unit: "quintal", kg: 100 }],
  wheat: [{ unit: "quintal", kg: 100 }, { unit: "kg", kg: 1 }],
  fruits: [{ unit: "kg", kg: 1 }, { unit: "crate", kg: 20 }, { unit: "dozen", kg: 1.5 }],
  vegetables: [{ unit: "kg", kg: 1 }, { unit: "quintal", kg: 100 }],
  "oil-seeds": [{ unit: "quintal", kg: 100 }, { unit: "kg", kg: 1 }],
  "nuts-dry-fruits": [{ unit: "kg", kg: 1 }],
};

const PRODUCE: Record<CategorySlug, Array<[name: string, minRupees: number, maxRupees: number, note: string]>> = {
  rice: [
    ["Basmati Rice", 90, 160, "Long grain, aged one year, aromatic"],
    ["Sona Masoori Rice", 48, 70, "Light and soft, good for daily meals"],
    ["Ponni Boiled Rice", 42, 60, "Parboiled, from Thanjavur fields"],
    ["Kolam Rice", 50, 75, "Small grain, fluffy when cooked"],
    ["Brown Rice", 70, 110, "Unpolished, rich in fibre"],
    ["Gobindobhog Rice", 95, 140, "Short grain, fragrant, for kheer"],
  ],
  wheat: [
    ["Sharbati Wheat", 32, 48, "Golden grain from Sehore, Madhya Pradesh"],
    ["Lokwan Wheat", 28, 38, "Bold grain, good for chapati"],
    ["Khapli Emmer Wheat", 80, 120, "Ancient variety, low gluten"],
    ["Durum Wheat", 30, 42, "Hard grain for dalia and pasta"],
    ["Whole Wheat Atta", 35, 55, "Stone-ground (chakki) flour, fresh every week"],
  ],
  fruits: [
    ["Alphonso Mango", 120, 300, "From Ratnagiri, naturally ripened"],
    ["Banana (Robusta)", 25, 45, "Sweet, sold by the kg"],
    ["Pomegranate", 90, 180, "Bhagwa variety, deep red seeds"],
    ["Shimla Apple", 100, 180, "Crisp and juicy, this season's crop"],
    ["Guava", 40, 70, "Allahabad safeda, white flesh"],
    ["Papaya", 25, 45, "Red Lady variety"],
    ["Nagpur Orange", 50, 90, "Sweet and tangy"],
  ],
  vegetables: [
    ["Onion", 20, 45, "Nashik red onion, dry and long lasting"],
    ["Potato", 15, 30, "Agra potato, good for every dish"],
    ["Tomato", 15, 50, "Firm, farm fresh"],
    ["Green Chilli", 40, 80, "Spicy, picked this morning"],
    ["Lady Finger (Bhindi)", 30, 60, "Tender, no seeds gone hard"],
    ["Cauliflower", 20, 40, "Big white heads"],
    ["Brinjal", 20, 40, "Purple round brinjal for bharta"],
    ["Carrot", 25, 50, "Red Delhi carrots, sweet"],
  ],
  "oil-seeds": [
    ["Groundnut", 80, 120, "Bold peanuts from Saurashtra"],
    ["Mustard Seed", 55, 80, "Black mustard, high oil content"],
    ["Sesame Seed (Til)", 120, 180, "White sesame, cleaned"],
    ["Sunflower Seed", 60, 90, "For oil mills and roasting"],
    ["Soybean", 40, 60, "Yellow soybean from Indore"],
    ["Flax Seed (Alsi)", 90, 140, "Brown flax, cleaned"],
  ],
  "nuts-dry-fruits": [
    ["Almonds (Badam)", 650, 950, "California and Kashmiri mamra"],
    ["Cashew (Kaju)", 700, 1100, "W320 whole cashews from Goa"],
    ["Walnut (Akhrot)", 600, 900, "Kashmiri walnuts, thin shell"],
    ["Raisins (Kishmish)", 250, 400, "Green raisins from Sangli"],
    ["Dates (Khajur)", 200, 450, "Soft dates"],
    ["Pistachio", 1200, 1800, "Salted and roasted"],
  ],
};

/** A small deterministic random generator, so the same seed gives the same demo data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function demoSellers(): SellerData[] {
  return SELLERS.map((s) => ({ ...s }));
}

/** A seller with unique email and phone, for tests that need many. */
export function makeSeller(n: number, overrides: Partial<SellerData> = {}): SellerData {
  return {
    name: `Test Seller ${n}`,
    email: `seller${n}.${Date.now().toString(36)}@example.in`,
    phone: `9${String(100000000 + ((n * 7919) % 900000000)).padStart(9, "0")}`,
    password: "correct-horse-battery",
    ...overrides,
  };
}

export function demoProduce(count: number, random = seededRandom(42)): ProduceData[] {
  const categories = Object.keys(PRODUCE) as CategorySlug[];
  const out: ProduceData[] = [];
  for (let i = 0; i < count; i++) {
    const category = categories[i % categories.length]!;
    const options = PRODUCE[category];
    const [name, min, max, note] = options[Math.floor(random() * options.length)]!;
    const rupees = Math.round(min + random() * (max - min));
    const units = UNITS_BY_CATEGORY[category];
    const { unit, kg } = units[Math.floor(random() * units.length)]!;
    const quantity = [5, 10, 20, 50, 100][Math.floor(random() * 5)]!;
    out.push({
      name,
      category,
      price: String(Math.round(rupees * kg)),
      unit,
      unitKg: unit === "crate" || unit === "dozen" ? String(kg) : "",
      quantity: String(quantity),
      description: `${note}. Call to agree the price for larger orders.`,
      // The seed gives listing i to seller i mod 6.
      ...SELLER_PLACES[i % SELLER_PLACES.length]!,
    });
  }
  return out;
}

/** Words sellers put around a produce name: where it is from, how it was grown, how it is sold. */
const NAME_BEFORE = [
  "Organic", "Fresh", "Premium", "Desi", "Farm Fresh", "New Crop", "Export Quality", "Hybrid", "Natural",
  "Nashik", "Punjab", "Haryana", "Kashmiri", "Ratnagiri", "Indore", "Guntur", "Belgaum", "Sangli", "Malwa",
  "Bihar", "Karnal", "Jalgaon", "Salem", "Erode", "Mysore", "Shimla", "Kutch", "Bikaner",
];
const NAME_AFTER = ["Grade A", "Grade B", "Bulk", "Loose", "Wholesale", "25 kg bag", "50 kg bag", "Sorted", "Cleaned", "Lot"];

export interface SyntheticListing {
  name: string;
  category: CategorySlug;
  pricePaise: number;
  description: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/**
 * A large marketplace for benchmarks: produce names from the table above with origins, grades
 * and lot numbers around them, so a million listings carry about a hundred thousand distinct
 * names, a few very common ("Onion") and most rare. Prices follow each produce's range; dates
 * spread over the two years before `end`. Deterministic for a seed.
 */
export function* syntheticListings(count: number, options: { seed?: number; end?: number } = {}): Generator<SyntheticListing> {
  const random = seededRandom(options.seed ?? 1);
  const end = options.end ?? Date.UTC(2026, 10, 22);
  const span = 2 * 365 * 24 * 3600_000;
  const produce = (Object.keys(PRODUCE) as CategorySlug[]).flatMap((category) =>
    PRODUCE[category].map(([name, min, max, note]) => ({ category, name, min, max, note })),
  );
  // Popularity order mixed across categories, so no one category holds every common name.
  for (let i = produce.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [produce[i], produce[j]] = [produce[j]!, produce[i]!];
  }
  // Skewed choice: low indexes far more often, as a few words dominate real listings.
  const skewed = (length: number) => Math.floor(length * random() ** 2);
  for (let i = 0; i < count; i++) {
    const item = produce[skewed(produce.length)]!;
    const parts: string[] = [];
    if (random() < 0.7) parts.push(NAME_BEFORE[skewed(NAME_BEFORE.length)]!);
    parts.push(item.name);
    const after = random();
    if (after < 0.25) parts.push(NAME_AFTER[Math.floor(random() * (NAME_AFTER.length - 1))]!);
    else if (after < 0.6) parts.push(`Lot ${1 + Math.floor(random() * 120)}`);
    const rupees = item.min + random() * (item.max - item.min);
    yield {
      name: parts.join(" "),
      category: item.category,
      pricePaise: Math.round(rupees * 4) * 25,
      description: `${item.note}. About ${[50, 100, 200, 500, 1000][i % 5]} kg available.`,
      createdAt: end - Math.floor(random() * span),
    };
  }
}

const PALETTE: Record<CategorySlug, [background: string, item: string]> = {
  rice: ["#f5efe0", "#fffaf0"],
  wheat: ["#e9c46a", "#b8860b"],
  fruits: ["#ffe5d9", "#e63946"],
  vegetables: ["#d8f3dc", "#2d6a4f"],
  "oil-seeds": ["#fefae0", "#6b4f1d"],
  "nuts-dry-fruits": ["#f3e1c7", "#8b5a2b"],
};

/** A phone-camera-sized JPEG of "produce" (coloured shapes), different for every index. */
export async function makeProducePhoto(category: CategorySlug, index: number, size = { width: 1200, height: 900 }): Promise<Buffer> {
  const random = seededRandom(index + 1);
  const [background, item] = PALETTE[category];
  const shapes = Array.from({ length: 40 }, () => {
    const x = Math.round(random() * size.width);
    const y = Math.round(random() * size.height);
    const r = Math.round(20 + random() * 60);
    const opacity = (0.5 + random() * 0.5).toFixed(2);
    return `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${Math.round(r * 0.8)}" fill="${item}" fill-opacity="${opacity}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="${background}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A phone-camera-like photo (default 12 MP, a 3–5 MB JPEG): the produce scene with texture at a
 * coarse scale (what a real scene has) and fine sensor noise, so encoders work as hard as they
 * do on a real photo. Flat generated pictures shrink far more than real ones and would flatter
 * any size figure. Takes a few seconds at 12 MP.
 */
export async function makePhonePhoto(index: number, size = { width: 4000, height: 3000 }): Promise<Buffer> {
  const { width, height } = size;
  const categories = Object.keys(PALETTE) as CategorySlug[];
  const scene = await sharp(await makeProducePhoto(categories[index % categories.length]!, index, size)).blur(2).raw().toBuffer();
  const coarseWidth = Math.ceil(width / 8);
  const coarseHeight = Math.ceil(height / 8);
  const texture = await sharp(noiseBytes(coarseWidth * coarseHeight * 3, index * 2 + 1, 24), { raw: { width: coarseWidth, height: coarseHeight, channels: 3 } })
    .resize(width, height, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
  const grain = noiseBytes(width * height * 3, index * 2 + 2, 14);
  for (let i = 0; i < scene.length; i++) {
    const value = scene[i]! + (texture[i]! - 128) + (grain[i]! - 128);
    scene[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  return sharp(scene, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

/** Bytes around 128 ± amplitude, from a seed (the same photo every run). */
function noiseBytes(length: number, seed: number, amplitude: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[i] = 128 + (((state >>> 24) - 128) / 128) * amplitude;
  }
  return bytes;
}
