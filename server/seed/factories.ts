/**
 * Realistic demo data, shared by `npm run seed` and the tests: sellers, produce with sensible
 * prices per category, and generated photos (made with sharp, so no files are shipped).
 */
import sharp from "sharp";
import type { CategorySlug } from "../../core/catalogue/categories";

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

/**
 * The demo sellers, each farming (or trading) in a real district known for what they list, with a
 * village or market town and its PIN code. The first six are the README's (same order as ever).
 */
const SELLERS: Array<SellerData & { place: Place }> = [
  {
    name: "Ramesh Patil",
    email: "ramesh@example.in",
    phone: "9876543210",
    password: "khet-ramesh-2026",
    place: { state: "maharashtra", district: "nashik", place: "Pimpalgaon Baswant", pin: "422209" },
  },
  {
    name: "Sunita Devi",
    email: "sunita@example.in",
    phone: "9123456780",
    password: "khet-sunita-2026",
    place: { state: "bihar", district: "patna", place: "Danapur", pin: "801503" },
  },
  {
    name: "Gurpreet Singh",
    email: "gurpreet@example.in",
    phone: "8800112233",
    password: "khet-gurpreet-2026",
    place: { state: "punjab", district: "ludhiana", place: "Khanna", pin: "141401" },
  },
  {
    name: "Lakshmi Narayanan",
    email: "lakshmi@example.in",
    phone: "7012345678",
    password: "khet-lakshmi-2026",
    place: { state: "tamil-nadu", district: "thanjavur", place: "Orathanadu", pin: "614625" },
  },
  {
    name: "Abdul Karim",
    email: "abdul@example.in",
    phone: "6398765432",
    password: "khet-abdul-2026",
    place: { state: "uttar-pradesh", district: "agra", place: "Kheragarh", pin: "283122" },
  },
  {
    name: "Meena Kumari",
    email: "meena@example.in",
    phone: "9988776655",
    password: "khet-meena-2026",
    place: { state: "rajasthan", district: "jaipur", place: "Chomu", pin: "303702" },
  },
  {
    name: "Manjunath Gowda",
    email: "manjunath@example.in",
    phone: "9845012345",
    password: "khet-manjunath-2026",
    place: { state: "karnataka", district: "kolar", place: "Kolar", pin: "563101" },
  },
  {
    name: "Sandeep Malik",
    email: "sandeep@example.in",
    phone: "9812034567",
    password: "khet-sandeep-2026",
    place: { state: "haryana", district: "karnal", place: "Taraori", pin: "132116" },
  },
  {
    name: "Vijay Shinde",
    email: "vijay@example.in",
    phone: "9822098765",
    password: "khet-vijay-2026",
    place: { state: "maharashtra", district: "solapur", place: "Sangola", pin: "413307" },
  },
  {
    name: "Prakash Desai",
    email: "prakash@example.in",
    phone: "9422054321",
    password: "khet-prakash-2026",
    place: { state: "maharashtra", district: "ratnagiri", place: "Ratnagiri", pin: "415612" },
  },
  {
    name: "Venkata Rao",
    email: "venkata@example.in",
    phone: "9848022338",
    password: "khet-venkata-2026",
    place: { state: "andhra-pradesh", district: "guntur", place: "Guntur", pin: "522004" },
  },
  {
    name: "Bhavesh Patel",
    email: "bhavesh@example.in",
    phone: "9825011122",
    password: "khet-bhavesh-2026",
    place: { state: "gujarat", district: "rajkot", place: "Gondal", pin: "360311" },
  },
  {
    name: "Rajendra Yadav",
    email: "rajendra@example.in",
    phone: "9425033344",
    password: "khet-rajendra-2026",
    place: { state: "madhya-pradesh", district: "sehore", place: "Ashta", pin: "466116" },
  },
  {
    name: "Senthil Kumar",
    email: "senthil@example.in",
    phone: "9443055566",
    password: "khet-senthil-2026",
    place: { state: "tamil-nadu", district: "erode", place: "Erode", pin: "638001" },
  },
  {
    name: "Thomas Varghese",
    email: "thomas@example.in",
    phone: "9447077788",
    password: "khet-thomas-2026",
    place: { state: "kerala", district: "kollam", place: "Kollam", pin: "691001" },
  },
  {
    name: "Farooq Ahmad",
    email: "farooq@example.in",
    phone: "9419099900",
    password: "khet-farooq-2026",
    place: { state: "jammu-and-kashmir", district: "pulwama", place: "Pampore", pin: "192121" },
  },
  {
    name: "Rakesh Gupta",
    email: "rakesh@example.in",
    phone: "9811066677",
    password: "khet-rakesh-2026",
    place: { state: "delhi", district: "north-delhi", place: "Khari Baoli", pin: "110006" },
  },
  {
    name: "Hiralal Mahajan",
    email: "hiralal@example.in",
    phone: "9423088899",
    password: "khet-hiralal-2026",
    place: { state: "maharashtra", district: "jalgaon", place: "Raver", pin: "425508" },
  },
  // Traders in the wholesale markets of the footer's cities (Azadpur, Byculla, Koley Market,
  // Koyambedu), so each city's link finds listings and the staples have sellers in several places.
  {
    name: "Salim Qureshi",
    email: "salim@example.in",
    phone: "9811223344",
    password: "khet-salim-2026",
    place: { state: "delhi", district: "north-west-delhi", place: "Azadpur Mandi", pin: "110033" },
  },
  {
    name: "Sachin Jadhav",
    email: "sachin@example.in",
    phone: "9820045678",
    password: "khet-sachin-2026",
    place: { state: "maharashtra", district: "mumbai-city", place: "Byculla", pin: "400027" },
  },
  {
    name: "Subhash Ghosh",
    email: "subhash@example.in",
    phone: "9830067890",
    password: "khet-subhash-2026",
    place: { state: "west-bengal", district: "kolkata", place: "Sealdah (Koley Market)", pin: "700014" },
  },
  {
    name: "Murugan Selvam",
    email: "murugan@example.in",
    phone: "9840012378",
    password: "khet-murugan-2026",
    place: { state: "tamil-nadu", district: "chennai", place: "Koyambedu", pin: "600107" },
  },
];

type Place = Pick<ProduceData, "state" | "district" | "place" | "pin">;

/** Units a demo listing may be priced in; `kg` is the weight of one dozen or crate. */
type DemoUnit = { unit: "kg" | "quintal"; kg?: undefined } | { unit: "crate" | "dozen"; kg: number };
const KG: DemoUnit = { unit: "kg" };
const QUINTAL: DemoUnit = { unit: "quintal" };
const crate = (kg: number): DemoUnit => ({ unit: "crate", kg });
const dozen = (kg: number): DemoUnit => ({ unit: "dozen", kg });

interface DemoProduce {
  name: string;
  category: CategorySlug;
  /** Asking price range in rupees per kg (see the sources above STAPLES). */
  perKg: [min: number, max: number];
  /** The first is used the first time the produce is listed; repeats pick among them. */
  units: DemoUnit[];
  note: string;
  /** The seller's email name (SELLERS), who farms or trades where this is grown. */
  seller: string;
}

/**
 * The demo market's staples: what buyers search for first, each from a district where it is
 * really grown or traded (the wider variety is VARIETY, below).
 *
 * Prices are wholesale-ish asking prices a farmer or trader would post, as of late 2026,
 * approximate: typical AGMARKNET modal price ranges of recent seasons for each produce, and for
 * MSP crops the 2026-27 minimum support prices per quintal (wheat ₹2,585, groundnut ₹7,263,
 * soybean ₹5,328, mustard ₹6,200, chana ₹5,875), asked at or a little above them. Written without
 * internet access: a guide to plausible figures, not market data.
 *
 * The six categories have no pulses or spices: chana is listed with wheat (a rabi grain of the
 * same mandis) and turmeric with vegetables (a rhizome, sold fresh or dried).
 */
const STAPLES: DemoProduce[] = [
  // What a newcomer searches for first.
  {
    name: "Nashik Red Onion",
    category: "vegetables",
    perKg: [15, 30],
    units: [QUINTAL, KG],
    note: "Lal kanda from Pimpalgaon, dry and long lasting",
    seller: "ramesh",
  },
  {
    name: "Agra Potato (Aloo)",
    category: "vegetables",
    perKg: [10, 22],
    units: [QUINTAL, KG],
    note: "Kufri Bahar from cold store, even size",
    seller: "abdul",
  },
  {
    name: "Desi Tomato",
    category: "vegetables",
    perKg: [12, 35],
    units: [crate(15), KG],
    note: "Firm and red, packed in 15 kg crates",
    seller: "manjunath",
  },
  {
    name: "Green Chilli",
    category: "vegetables",
    perKg: [30, 60],
    units: [KG, QUINTAL],
    note: "Hari mirch, spicy, picked this morning",
    seller: "venkata",
  },
  {
    name: "Sharbati Wheat",
    category: "wheat",
    perKg: [28, 34],
    units: [QUINTAL, KG],
    note: "Golden grain from Sehore, cleaned and graded",
    seller: "rajendra",
  },
  {
    name: "1121 Basmati Rice",
    category: "rice",
    perKg: [85, 125],
    units: [QUINTAL, KG],
    note: "Extra long grain, aged one year",
    seller: "sandeep",
  },
  {
    name: "Sona Masoori Rice",
    category: "rice",
    perKg: [38, 48],
    units: [KG, QUINTAL],
    note: "Light and soft, for daily meals",
    seller: "venkata",
  },
  {
    name: "Alphonso Mango",
    category: "fruits",
    perKg: [80, 120],
    units: [crate(10), dozen(3)],
    note: "Hapus from Ratnagiri, naturally ripened",
    seller: "prakash",
  },
  {
    name: "Robusta Banana",
    category: "fruits",
    perKg: [15, 30],
    units: [dozen(2), KG],
    note: "Sweet, sold by the dozen or the kg",
    seller: "lakshmi",
  },
  {
    name: "Bhagwa Pomegranate",
    category: "fruits",
    perKg: [60, 140],
    units: [crate(10), KG],
    note: "Deep red seeds, export grade",
    seller: "vijay",
  },
  {
    name: "Groundnut (Moongphali)",
    category: "oil-seeds",
    perKg: [72, 80],
    units: [QUINTAL, KG],
    note: "Bold Gujarat groundnut in shell, sun dried",
    seller: "bhavesh",
  },
  { name: "Soybean", category: "oil-seeds", perKg: [53, 56], units: [QUINTAL], note: "Yellow soybean, clean and dry", seller: "rajendra" },
  {
    name: "Mustard Seed (Sarson)",
    category: "oil-seeds",
    perKg: [62, 70],
    units: [QUINTAL, KG],
    note: "Black mustard, high oil content",
    seller: "meena",
  },
  {
    name: "Chana (Bengal Gram)",
    category: "wheat",
    perKg: [58, 68],
    units: [QUINTAL, KG],
    note: "Desi chana, new rabi crop",
    seller: "rajendra",
  },
  {
    name: "Turmeric (Haldi)",
    category: "vegetables",
    perKg: [120, 180],
    units: [KG, QUINTAL],
    note: "Dried Erode turmeric fingers, polished",
    seller: "senthil",
  },
  {
    name: "Cashew W240",
    category: "nuts-dry-fruits",
    perKg: [780, 950],
    units: [KG],
    note: "Large whole cashews, processed in Kollam",
    seller: "thomas",
  },
  {
    name: "California Almond (Badam)",
    category: "nuts-dry-fruits",
    perKg: [600, 850],
    units: [KG],
    note: "Nonpareil kernels, 25 kg cartons opened for retail",
    seller: "rakesh",
  },
  {
    name: "Parmal Rice (PR 126)",
    category: "rice",
    perKg: [30, 38],
    units: [QUINTAL, KG],
    note: "Non-basmati, from the mandi at Khanna",
    seller: "gurpreet",
  },
  // The staples again from other sellers and districts, so each has a price insight (at least
  // MIN_LISTINGS listings from MIN_SELLERS sellers, core/prices/price-insight.ts) and the
  // footer's cities (Delhi, Mumbai, Kolkata, Chennai) have listings. City traders ask a little more.
  {
    name: "Tomato",
    category: "vegetables",
    perKg: [14, 32],
    units: [crate(20), KG],
    note: "Nashik tomato in 20 kg crates",
    seller: "ramesh",
  },
  {
    name: "Onion (Pyaz)",
    category: "vegetables",
    perKg: [20, 32],
    units: [QUINTAL, KG],
    note: "Nashik and Alwar onion in 50 kg bags, at Azadpur",
    seller: "salim",
  },
  {
    name: "Solapur Onion",
    category: "vegetables",
    perKg: [14, 26],
    units: [QUINTAL],
    note: "Red onion from the Solapur yard, medium size",
    seller: "vijay",
  },
  {
    name: "Lal Kanda (Red Onion)",
    category: "vegetables",
    perKg: [20, 34],
    units: [QUINTAL, KG],
    note: "Nashik onion at Byculla market, sorted",
    seller: "sachin",
  },
  {
    name: "Onion",
    category: "vegetables",
    perKg: [22, 35],
    units: [QUINTAL, KG],
    note: "Nashik onion at Koley Market, 50 kg bags",
    seller: "subhash",
  },
  {
    name: "Potato (Aloo)",
    category: "vegetables",
    perKg: [14, 24],
    units: [QUINTAL, KG],
    note: "Agra and Farrukhabad potato, 50 kg bags",
    seller: "salim",
  },
  {
    name: "Batata (Potato)",
    category: "vegetables",
    perKg: [16, 26],
    units: [QUINTAL, KG],
    note: "Potato for hotels and caterers, delivered in Mumbai",
    seller: "sachin",
  },
  {
    name: "Jyoti Potato (Aloo)",
    category: "vegetables",
    perKg: [12, 20],
    units: [QUINTAL],
    note: "Hooghly cold-store Jyoti potato",
    seller: "subhash",
  },
  { name: "Potato (Aloo)", category: "vegetables", perKg: [12, 20], units: [QUINTAL, KG], note: "New crop from Danapur", seller: "sunita" },
  {
    name: "Tomato (Tamatar)",
    category: "vegetables",
    perKg: [16, 34],
    units: [crate(25), KG],
    note: "Hosur and Krishnagiri tomato at Koyambedu",
    seller: "murugan",
  },
  {
    name: "Hybrid Tomato",
    category: "vegetables",
    perKg: [18, 36],
    units: [crate(25), KG],
    note: "Firm, for the hotel trade",
    seller: "salim",
  },
  {
    name: "Tomato",
    category: "vegetables",
    perKg: [18, 36],
    units: [crate(20), KG],
    note: "Red and ripe, sorted by size",
    seller: "sachin",
  },
  { name: "HD 2967 Wheat", category: "wheat", perKg: [25, 29], units: [QUINTAL], note: "Bold grain, good for chapati", seller: "gurpreet" },
  { name: "Lok-1 Wheat", category: "wheat", perKg: [26, 30], units: [QUINTAL], note: "Rajasthan wheat, bold and bright", seller: "meena" },
  {
    name: "DBW 187 Wheat",
    category: "wheat",
    perKg: [26, 30],
    units: [QUINTAL],
    note: "Karnal wheat, this rabi's crop",
    seller: "sandeep",
  },
  {
    name: "Wheat (Gehun)",
    category: "wheat",
    perKg: [27, 31],
    units: [QUINTAL],
    note: "Mill-quality wheat by the truckload",
    seller: "salim",
  },
  {
    name: "Ponni Boiled Rice",
    category: "rice",
    perKg: [42, 55],
    units: [KG, QUINTAL],
    note: "Parboiled, from Thanjavur fields",
    seller: "lakshmi",
  },
  {
    name: "Miniket Rice",
    category: "rice",
    perKg: [42, 52],
    units: [QUINTAL, KG],
    note: "Fine Bengal rice, 25 kg bags",
    seller: "subhash",
  },
  { name: "Ponni Raw Rice", category: "rice", perKg: [45, 58], units: [KG, QUINTAL], note: "New crop, 25 kg bags", seller: "murugan" },
  {
    name: "Pusa Basmati 1509",
    category: "rice",
    perKg: [70, 95],
    units: [QUINTAL, KG],
    note: "Long grain basmati, this kharif",
    seller: "sandeep",
  },
  {
    name: "1121 Basmati Rice",
    category: "rice",
    perKg: [85, 115],
    units: [QUINTAL],
    note: "Punjab basmati, aged six months",
    seller: "gurpreet",
  },
  {
    name: "Pusa Basmati 1718",
    category: "rice",
    perKg: [75, 95],
    units: [QUINTAL],
    note: "Long grain, from the Khanna mandi",
    seller: "gurpreet",
  },
  {
    name: "1121 Basmati Sella Rice",
    category: "rice",
    perKg: [90, 120],
    units: [QUINTAL, KG],
    note: "Golden sella from Naya Bazar",
    seller: "rakesh",
  },
];

/** The wider variety, after the staples. */
const VARIETY: DemoProduce[] = [
  { name: "Khapli Emmer Wheat", category: "wheat", perKg: [70, 110], units: [KG], note: "Old variety, low gluten", seller: "ramesh" },
  {
    name: "Whole Wheat Atta",
    category: "wheat",
    perKg: [32, 42],
    units: [KG],
    note: "Chakki-ground flour, fresh every week",
    seller: "gurpreet",
  },
  {
    name: "Thompson Seedless Grapes",
    category: "fruits",
    perKg: [40, 80],
    units: [crate(8), KG],
    note: "Green, sweet, from Nashik vineyards",
    seller: "ramesh",
  },
  {
    name: "Jalgaon Banana (Kela)",
    category: "fruits",
    perKg: [14, 26],
    units: [QUINTAL, dozen(2)],
    note: "Grand Naine bunches from Raver",
    seller: "hiralal",
  },
  {
    name: "Guava (Amrud)",
    category: "fruits",
    perKg: [30, 55],
    units: [KG, crate(20)],
    note: "Safeda guava, white flesh",
    seller: "sunita",
  },
  { name: "Papaya", category: "fruits", perKg: [18, 35], units: [KG], note: "Red Lady variety", seller: "sunita" },
  {
    name: "Kashmiri Walnut (Akhrot)",
    category: "nuts-dry-fruits",
    perKg: [500, 800],
    units: [KG],
    note: "Thin shell, this autumn's crop",
    seller: "farooq",
  },
  {
    name: "Mamra Badam",
    category: "nuts-dry-fruits",
    perKg: [1600, 2400],
    units: [KG],
    note: "Kashmiri mamra almonds, small and oily",
    seller: "farooq",
  },
  { name: "Lady Finger (Bhindi)", category: "vegetables", perKg: [25, 45], units: [KG], note: "Tender, picked young", seller: "sunita" },
  { name: "Cauliflower (Gobhi)", category: "vegetables", perKg: [15, 30], units: [KG], note: "Big white heads", seller: "sunita" },
  { name: "Brinjal (Baingan)", category: "vegetables", perKg: [15, 30], units: [KG], note: "Round brinjal for bharta", seller: "abdul" },
  {
    name: "Red Carrot",
    category: "vegetables",
    perKg: [18, 35],
    units: [KG, QUINTAL],
    note: "Desi red carrots, sweet",
    seller: "gurpreet",
  },
  {
    name: "Guntur Red Chilli (Teja)",
    category: "vegetables",
    perKg: [150, 220],
    units: [KG, QUINTAL],
    note: "Dry red chilli, hot, from the Guntur yard",
    seller: "venkata",
  },
  {
    name: "Sesame Seed (Til)",
    category: "oil-seeds",
    perKg: [110, 160],
    units: [KG, QUINTAL],
    note: "White sesame, machine cleaned",
    seller: "meena",
  },
  { name: "Flax Seed (Alsi)", category: "oil-seeds", perKg: [55, 75], units: [KG], note: "Brown flax, cleaned", seller: "rajendra" },
  {
    name: "Raisins (Kishmish)",
    category: "nuts-dry-fruits",
    perKg: [220, 380],
    units: [KG],
    note: "Green raisins from Nashik",
    seller: "ramesh",
  },
  {
    name: "Cashew W320",
    category: "nuts-dry-fruits",
    perKg: [700, 820],
    units: [KG],
    note: "Whole cashews, the everyday grade",
    seller: "thomas",
  },
  { name: "Pistachio", category: "nuts-dry-fruits", perKg: [1200, 1800], units: [KG], note: "Salted and roasted", seller: "rakesh" },
];

/** The demo market: the staples, then the wider variety, listed in this order, then again from the top. */
const DEMO_MARKET: DemoProduce[] = [...STAPLES, ...VARIETY];

/** How many of DEMO_MARKET's first entries stay live in any demo market: the first searches must find them. */
export const DEMO_STAPLES = STAPLES.length;

/**
 * The benchmarks' produce (syntheticListings), kept as it was so the benchmark marketplace, and
 * the figures recorded from it in docs/performance.md, stay comparable. The demo market is above.
 */
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
  return SELLERS.map(({ place: _place, ...seller }) => seller);
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

/** A demo listing: its form fields, whose it is, and how it ends up. */
export interface DemoListing {
  fields: ProduceData;
  /** Index into demoSellers(). */
  seller: number;
  /** "live" stays on sale; "sold" is marked sold; "expired" was listed a season ago. */
  ending: "live" | "sold" | "expired";
}

/**
 * `count` demo listings: DEMO_MARKET in order, then again from the top with other prices and
 * units. The staples (its first entries) always stay live; of the rest, one in twelve is sold
 * and one in twelve expired, so the demo shows both.
 */
export function demoProduce(count: number, random = seededRandom(42)): DemoListing[] {
  const out: DemoListing[] = [];
  for (let i = 0; i < count; i++) {
    const produce = DEMO_MARKET[i % DEMO_MARKET.length]!;
    const repeat = i >= DEMO_MARKET.length;
    const [min, max] = produce.perKg;
    const rupeesPerKg = min + random() * (max - min);
    const { unit, kg = unit === "quintal" ? 100 : 1 } = repeat
      ? produce.units[Math.floor(random() * produce.units.length)]!
      : produce.units[0]!;
    // Per quintal to the nearest ₹10, as mandis quote it; otherwise whole rupees.
    const price = unit === "quintal" ? Math.round((rupeesPerKg * kg) / 10) * 10 : Math.round(rupeesPerKg * kg);
    const quantity = unit === "quintal" ? [10, 25, 40, 80][Math.floor(random() * 4)]! : [20, 50, 100, 200, 500][Math.floor(random() * 5)]!;
    const seller = SELLERS.findIndex((s) => s.email === `${produce.seller}@example.in`);
    if (seller < 0) throw new Error(`No demo seller ${produce.seller}`);
    out.push({
      seller,
      ending: i < DEMO_STAPLES ? "live" : i % 12 === 7 ? "sold" : i % 12 === 11 ? "expired" : "live",
      fields: {
        name: produce.name,
        category: produce.category,
        price: String(price),
        unit,
        unitKg: unit === "crate" || unit === "dozen" ? String(kg) : "",
        quantity: String(quantity),
        description: `${produce.note}. Call to agree the price for larger orders.`,
        ...SELLERS[seller]!.place,
      },
    });
  }
  return out;
}

/** Words sellers put around a produce name: where it is from, how it was grown, how it is sold. */
const NAME_BEFORE = [
  "Organic",
  "Fresh",
  "Premium",
  "Desi",
  "Farm Fresh",
  "New Crop",
  "Export Quality",
  "Hybrid",
  "Natural",
  "Nashik",
  "Punjab",
  "Haryana",
  "Kashmiri",
  "Ratnagiri",
  "Indore",
  "Guntur",
  "Belgaum",
  "Sangli",
  "Malwa",
  "Bihar",
  "Karnal",
  "Jalgaon",
  "Salem",
  "Erode",
  "Mysore",
  "Shimla",
  "Kutch",
  "Bikaner",
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
  const scene = await sharp(await makeProducePhoto(categories[index % categories.length]!, index, size))
    .blur(2)
    .raw()
    .toBuffer();
  const coarseWidth = Math.ceil(width / 8);
  const coarseHeight = Math.ceil(height / 8);
  const texture = await sharp(noiseBytes(coarseWidth * coarseHeight * 3, index * 2 + 1, 24), {
    raw: { width: coarseWidth, height: coarseHeight, channels: 3 },
  })
    .resize(width, height, { kernel: "cubic", fit: "fill" })
    .raw()
    .toBuffer();
  const grain = noiseBytes(width * height * 3, index * 2 + 2, 14);
  for (let i = 0; i < scene.length; i++) {
    const value = scene[i]! + (texture[i]! - 128) + (grain[i]! - 128);
    scene[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  return sharp(scene, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
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
