/**
 * AGMARKNET's commodity names, read as the catalogue's produce: the open-data resource's
 * `Commodity` column as it writes it ("Cucumbar(Kheera)", "Ridgeguard(Tori)", "Snakeguard"),
 * each name seen in the portal's files (decisions 019 and 049). Dry and processed forms are their
 * own produce, never the fresh one's: Ginger(Dry) is dry ginger, Peas(Dry) dry peas, Banana - Green
 * raw banana, a dal not its whole pulse (their prices and MSPs differ).
 *
 * Server only (the importer, and scripts/mandi-rates/unmatched-names.ts, which lists the names
 * not read yet): these names are kept out of the catalogue the sell form carries to the browser.
 */
import { produceById } from "./produce";
import type { Produce } from "./produce-list";

/** Produce id → the AGMARKNET commodity names that mean it. */
export const AGMARKNET_COMMODITIES: Readonly<Record<string, readonly string[]>> = {
  paddy: ["Paddy(Dhan)(Common)", "Paddy(Common)"],
  "basmati-paddy": ["Paddy(Dhan)(Basmati)"],
  rice: ["Rice"],
  "basmati-rice": ["Basmati Rice"],
  wheat: ["Wheat"],
  barley: ["Barley (Jau)"],
  maize: ["Maize"],
  bajra: ["Bajra(Pearl Millet/Cumbu)", "Hybrid Cumbu", "T.V. Cumbu"],
  jowar: ["Jowar(Sorghum)"],
  ragi: ["Ragi (Finger Millet)"],
  tur: ["Arhar (Tur/Red Gram)(Whole)", "Red Gram"],
  "tur-dal": ["Arhar Dal(Tur Dal)"],
  moong: ["Green Gram (Moong)(Whole)"],
  "moong-dal": ["Green Gram Dal (Moong Dal)"],
  urad: ["Black Gram (Urd Beans)(Whole)"],
  "urad-dal": ["Black Gram Dal (Urd Dal)"],
  chana: ["Bengal Gram(Gram)(Whole)", "Kabuli Chana(Chickpeas-White)"],
  "chana-dal": ["Bengal Gram Dal (Chana Dal)"],
  masur: ["Lentil (Masur)(Whole)"],
  "masur-dal": ["Masur Dal"],
  cowpea: ["Cowpea (Lobia/Karamani)", "Karamani", "Alasande Gram"],
  "horse-gram": ["Kulthi(Horse Gram)"],
  "dry-peas": ["Peas(Dry)", "Field Pea", "White Peas"],
  groundnut: ["Groundnut", "Groundnut pods (raw)", "Ground Nut Seed"],
  soybean: ["Soyabean"],
  mustard: ["Mustard", "Rapeseed and Mustard", "Mustard Seed", "Indian Colza(Sarson)", "Rayee"],
  safflower: ["Safflower"],
  sesame: ["Sesamum(Sesame,Gingelly,Til)"],
  flax: ["Linseed"],
  sunflower: ["Sunflower", "Sunflower Seed"],
  castor: ["Castor Seed"],
  niger: ["Niger Seed (Ramtil)"],
  "guar-seed": ["Guar Seed(Cluster Beans Seed)"],
  cotton: ["Cotton"],
  jute: ["Jute"],
  onion: ["Onion"],
  "onion-green": ["Onion Green"],
  potato: ["Potato"],
  tomato: ["Tomato"],
  brinjal: ["Brinjal"],
  cauliflower: ["Cauliflower"],
  cabbage: ["Cabbage"],
  "knol-khol": ["Knool Khol"],
  okra: ["Bhindi(Ladies Finger)"],
  carrot: ["Carrot"],
  beetroot: ["Beetroot"],
  turnip: ["Turnip"],
  "green-chilli": ["Green Chilli"],
  "dry-chilli": ["Dry Chillies", "Chili Red"],
  garlic: ["Garlic"],
  ginger: ["Ginger(Green)"],
  "dry-ginger": ["Ginger(Dry)"],
  peas: ["Peas Wet", "Green Peas", "Peas cod"],
  "bottle-gourd": ["Bottle gourd"],
  "bitter-gourd": ["Bitter gourd"],
  "ridge-gourd": ["Ridgeguard(Tori)"],
  "sponge-gourd": ["Sponge gourd"],
  "snake-gourd": ["Snakeguard"],
  "pointed-gourd": ["Pointed gourd (Parval)"],
  "ivy-gourd": ["Little gourd (Kundru)", "Thondekai"],
  "spiny-gourd": ["Kartali (Kantola)"],
  "ash-gourd": ["Ashgourd", "White Pumpkin"],
  tinda: ["Tinda", "Round gourd"],
  "chow-chow": ["Chow Chow", "Seemebadnekai"],
  cucumber: ["Cucumbar(Kheera)", "Cucumber(Kheera)", "Long Melon(Kakri)"],
  pumpkin: ["Pumpkin", "Sweet Pumpkin"],
  spinach: ["Spinach"],
  amaranth: ["Amaranthus", "Amranthas Red"],
  "fenugreek-leaves": ["Methi(Leaves)"],
  mint: ["Mint(Pudina)"],
  coriander: ["Coriander(Leaves)"],
  radish: ["Raddish", "Radish"],
  capsicum: ["Capsicum"],
  "sweet-potato": ["Sweet Potato"],
  colocasia: ["Colacasia"],
  "elephant-yam": ["Elephant Yam (Suran)", "Amphophalus", "Suvarna Gadde"],
  yam: ["Yam (Ratalu)", "Yam"],
  tapioca: ["Tapioca"],
  mushroom: ["Mashrooms"],
  beans: [
    "Beans",
    "French Beans (Frasbean)",
    "Cluster beans",
    "Guar",
    "Indian Beans (Seam)",
    "Green Avare (W)",
    "Chapparad Avare",
    "Surat Beans (Papadi)",
    "Bunch Beans",
    "Cowpea(Veg)",
    "Alsandikai",
  ],
  drumstick: ["Drumstick"],
  turmeric: ["Turmeric", "Turmeric (raw)"],
  "raw-banana": ["Banana - Green"],
  "betel-leaf": ["Betal Leaves"],
  apple: ["Apple"],
  banana: ["Banana"],
  mango: ["Mango", "Mango (Raw-Ripe)"],
  guava: ["Guava"],
  pomegranate: ["Pomegranate"],
  orange: ["Orange", "Kinnow"],
  papaya: ["Papaya", "Papaya (Raw)"],
  grapes: ["Grapes"],
  watermelon: ["Water Melon"],
  muskmelon: ["Karbuja(Musk Melon)"],
  pineapple: ["Pineapple"],
  lemon: ["Lemon", "Lime", "Galgal(Lemon)"],
  mosambi: ["Mousambi(Sweet Lime)"],
  coconut: ["Coconut", "Tender Coconut", "Coconut Seed"],
  sapota: ["Chikoos(Sapota)"],
  litchi: ["Litchi"],
  jackfruit: ["Jack Fruit"],
  "custard-apple": ["Custard Apple (Sharifa)", "Seetapal"],
  amla: ["Amla(Nelli Kai)"],
  pear: ["Pear(Marasebu)"],
  plum: ["Plum"],
  fig: ["Fig(Anjura/Anjeer)"],
  ber: ["Ber(Zizyphus/Borehannu)"],
  jamun: ["Jamun(Narale Hannu)"],
  almond: ["Almond(Badam)"],
  cashew: ["Cashewnuts"],
  walnut: ["Walnut"],
  raisin: ["Raisins"],
  dates: ["Dates"],
  pistachio: ["Pista"],
  makhana: ["Makhana"],
  arecanut: ["Arecanut(Betelnut/Supari)"],
  copra: ["Copra"],
  cumin: ["Cummin Seed(Jeera)"],
  "coriander-seed": ["Corriander seed"],
  "fenugreek-seed": ["Methi Seeds"],
  fennel: ["Soanf"],
  ajwain: ["Ajwan"],
  "black-pepper": ["Black pepper", "Pepper ungarbled", "Pepper garbled"],
  cardamom: ["Cardamoms"],
  cloves: ["Cloves"],
  cinnamon: ["Cinamon(Dalchini)"],
  nutmeg: ["Nutmeg"],
  tamarind: ["Tamarind Fruit"],
  isabgol: ["Isabgul (Psyllium)"],
  jaggery: ["Gur(Jaggery)"],
};

/** AGMARKNET names differ in spaces and case between exports ("Paddy(Dhan) (Common)"): compare without them. */
export function commodityKey(name: string): string {
  return name
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s_]+/g, "");
}

let byCommodity: Map<string, Produce> | undefined;

/** The produce an AGMARKNET commodity name means, or undefined when the catalogue does not know it. */
export function produceForCommodity(commodity: string): Produce | undefined {
  if (!byCommodity) {
    byCommodity = new Map();
    for (const [id, names] of Object.entries(AGMARKNET_COMMODITIES)) {
      const produce = produceById(id);
      if (!produce) throw new Error(`AGMARKNET_COMMODITIES names ${id}, which the catalogue does not have`);
      for (const name of names) byCommodity.set(commodityKey(name), produce);
    }
  }
  return byCommodity.get(commodityKey(commodity));
}
