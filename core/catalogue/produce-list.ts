/**
 * The produce people sell on Mandi, each once: what price comparisons (price insight, the
 * government's mandi rates, MSP) group listings by. Sources and method: README.md beside this file.
 *
 * Ids are stored with listings and mandi rates: never change or reuse one. A spelling may belong
 * to one produce only (the test checks); the English `searchName` ties an entry to the alias table
 * search already uses (core/search/search-terms.ts), so "pyaz" means onion to both.
 */
import type { CategorySlug } from "./categories";

export interface Produce {
  /** Stable slug, in URLs (`/prices/onion`) and the database. */
  id: string;
  /** English name, as shown. */
  en: string;
  /** Hindi name (Devanagari), as shown on Hindi pages. */
  hi: string;
  /**
   * The Mandi category its listings are filed under; null where Mandi has no category for it
   * (pulses and millets), so a listing of it under any category can match.
   */
  category: CategorySlug | null;
  /** Other English, Hinglish, regional and Devanagari spellings a listing name may use. */
  aliases: readonly string[];
  /** The word search's alias table knows this produce by (core/search/search-terms.ts PRODUCE_ALIASES). */
  searchName?: string;
  /** AGMARKNET commodity names that mean this produce, as the open-data resource writes them. */
  agmarknet: readonly string[];
}

const p = (
  id: string,
  en: string,
  hi: string,
  category: CategorySlug | null,
  aliases: readonly string[],
  agmarknet: readonly string[],
  searchName?: string,
): Produce => ({ id, en, hi, category, aliases, agmarknet, ...(searchName ? { searchName } : {}) });

export const PRODUCE: readonly Produce[] = [
  // Rice and paddy: paddy (dhan) is the grain as harvested, and the crop MSP is fixed for.
  p("paddy", "Paddy (dhan)", "धान", "rice", ["dhan", "paddy", "dhaan", "dhan common"], ["Paddy(Dhan)(Common)", "Paddy(Common)"]),
  p("basmati-paddy", "Basmati paddy", "बासमती धान", "rice", ["basmati dhan", "basmati paddy"], ["Paddy(Dhan)(Basmati)"]),
  p(
    "rice",
    "Rice",
    "चावल",
    "rice",
    ["chawal", "chaval", "kolam", "sona masoori", "sona masuri", "ponni", "ir 64", "parboiled rice", "usna chawal", "arwa chawal"],
    ["Rice"],
  ),
  p(
    "basmati-rice",
    "Basmati rice",
    "बासमती चावल",
    "rice",
    ["basmati", "बासमती", "basmati chawal", "pusa basmati", "1121 basmati"],
    ["Basmati Rice"],
  ),

  // Wheat and other cereals and millets (Mandi files millets under wheat or anywhere).
  p("wheat", "Wheat", "गेहूँ", "wheat", ["gehun", "gehu", "gehoon", "gahu", "गेहूं", "गेंहू", "sharbati", "lokwan", "durum"], ["Wheat"]),
  // Khapli (emmer) sells at three or four times bread wheat's price: compared with wheat it
  // stretched wheat's band (issue 42, decision 054). AGMARKNET reports no rate for it.
  p("emmer-wheat", "Khapli (emmer) wheat", "खपली गेहूँ", "wheat", ["khapli", "emmer", "khapli wheat", "emmer wheat", "खपली", "खपली गेहूं"], []),
  p("barley", "Barley", "जौ", null, ["jau", "jow"], ["Barley (Jau)"]),
  p("maize", "Maize", "मक्का", null, ["makka", "makki", "corn", "bhutta", "मक्की"], ["Maize"]),
  p("bajra", "Bajra (pearl millet)", "बाजरा", null, ["bajri", "pearl millet", "cumbu", "kambu"], ["Bajra(Pearl Millet/Cumbu)"]),
  p("jowar", "Jowar (sorghum)", "ज्वार", null, ["jwar", "juar", "sorghum", "cholam"], ["Jowar(Sorghum)"]),
  p("ragi", "Ragi (finger millet)", "रागी", null, ["finger millet", "nachni", "nachani", "mandua", "मंडुआ"], ["Ragi (Finger Millet)"]),

  // Pulses: no Mandi category of their own yet.
  p(
    "tur",
    "Tur (arhar)",
    "अरहर (तूर)",
    null,
    ["arhar", "toor", "tuar", "red gram", "pigeon pea", "तूर", "अरहर", "tur dal", "arhar dal", "toor dal"],
    ["Arhar (Tur/Red Gram)(Whole)"],
  ),
  p("moong", "Moong (green gram)", "मूँग", null, ["mung", "moong", "green gram", "मूंग", "moong dal"], ["Green Gram (Moong)(Whole)"]),
  p("urad", "Urad (black gram)", "उड़द", null, ["urd", "udad", "black gram", "उड़द", "urad dal"], ["Black Gram (Urd Beans)(Whole)"]),
  p(
    "chana",
    "Chana (gram)",
    "चना",
    null,
    ["chickpea", "chickpeas", "gram", "bengal gram", "kabuli chana", "desi chana", "chana dal", "harbara"],
    ["Bengal Gram(Gram)(Whole)", "Kabuli Chana(Chickpeas-White)"],
    "chana",
  ),
  p("masur", "Masur (lentil)", "मसूर", null, ["masoor", "lentil", "lentils", "masoor dal"], ["Lentil (Masur)(Whole)"]),

  // Oil seeds.
  p(
    "groundnut",
    "Groundnut",
    "मूँगफली",
    "oil-seeds",
    ["moongphali", "mungfali", "peanut", "peanuts", "singdana", "मूंगफली"],
    ["Groundnut", "Groundnut pods (raw)"],
    "groundnut",
  ),
  p("soybean", "Soybean", "सोयाबीन", "oil-seeds", ["soya", "soyabean", "soy bean", "soybeans"], ["Soyabean"], "soybean"),
  p(
    "mustard",
    "Mustard (rapeseed)",
    "सरसों",
    "oil-seeds",
    ["sarson", "rai", "rapeseed", "rapeseed and mustard", "toria", "mustard seed"],
    ["Mustard", "Rapeseed and Mustard", "Mustard Seed"],
    "mustard",
  ),
  p("safflower", "Safflower", "कुसुम", "oil-seeds", ["kusum", "kardi", "kusumba"], ["Safflower"]),
  p("sesame", "Sesame (til)", "तिल", "oil-seeds", ["til", "gingelly", "sesamum", "teel"], ["Sesamum(Sesame,Gingelly,Til)"], "sesame"),
  p("flax", "Linseed (alsi)", "अलसी", "oil-seeds", ["alsi", "linseed", "flax seed", "flaxseed"], ["Linseed"], "flax"),
  p("sunflower", "Sunflower seed", "सूरजमुखी", "oil-seeds", ["surajmukhi", "sunflower seeds"], ["Sunflower", "Sunflower Seed"]),
  p("castor", "Castor seed", "अरंडी", "oil-seeds", ["arandi", "erandi", "castor seeds"], ["Castor Seed"]),
  p("niger", "Niger seed", "रामतिल", "oil-seeds", ["ramtil", "kala til", "niger"], ["Niger Seed (Ramtil)"]),

  // Vegetables.
  p("onion", "Onion", "प्याज", "vegetables", ["pyaz", "pyaaz", "piyaz", "kanda", "प्याज़", "red onion", "onions"], ["Onion"], "onion"),
  p("potato", "Potato", "आलू", "vegetables", ["aloo", "alu", "aalu", "aaloo", "batata", "potatoes"], ["Potato"], "potato"),
  p("tomato", "Tomato", "टमाटर", "vegetables", ["tamatar", "tomatoes", "tamater"], ["Tomato"], "tomato"),
  p("brinjal", "Brinjal", "बैंगन", "vegetables", ["baingan", "baigan", "eggplant", "vangi", "vankaya"], ["Brinjal"], "brinjal"),
  p(
    "cauliflower",
    "Cauliflower",
    "फूलगोभी",
    "vegetables",
    ["gobi", "gobhi", "phool gobi", "phool gobhi", "गोभी", "फूल गोभी"],
    ["Cauliflower"],
    "cauliflower",
  ),
  p(
    "cabbage",
    "Cabbage",
    "पत्तागोभी",
    "vegetables",
    ["patta gobhi", "patta gobi", "band gobhi", "bandh gobi", "पत्ता गोभी", "बंद गोभी"],
    ["Cabbage"],
  ),
  p(
    "okra",
    "Okra (bhindi)",
    "भिंडी",
    "vegetables",
    ["bhindi", "lady finger", "ladyfinger", "ladies finger", "bhendi", "okra"],
    ["Bhindi(Ladies Finger)"],
    "lady finger",
  ),
  p("carrot", "Carrot", "गाजर", "vegetables", ["gajar", "carrots"], ["Carrot"], "carrot"),
  p(
    "green-chilli",
    "Green chilli",
    "हरी मिर्च",
    "vegetables",
    ["chilli", "chili", "mirch", "mirchi", "hari mirch", "green chillies", "मिर्च", "मिर्ची"],
    ["Green Chilli"],
    "chilli",
  ),
  p(
    "dry-chilli",
    "Dry red chilli",
    "लाल मिर्च",
    null,
    ["lal mirch", "red chilli", "dry chilli", "dry chillies", "sukhi mirch", "byadgi", "guntur chilli"],
    ["Dry Chillies"],
  ),
  p("garlic", "Garlic", "लहसुन", "vegetables", ["lahsun", "lehsun", "lasun", "lasan"], ["Garlic"]),
  p("ginger", "Ginger", "अदरक", "vegetables", ["adrak", "adrakh", "adu"], ["Ginger(Green)", "Ginger(Dry)"]),
  p("peas", "Green peas", "मटर", "vegetables", ["matar", "mattar", "green peas", "peas"], ["Peas Wet", "Green Peas", "Peas(Dry)"]),
  p("bottle-gourd", "Bottle gourd", "लौकी", "vegetables", ["lauki", "ghiya", "doodhi", "dudhi", "kaddu lauki"], ["Bottle gourd"]),
  p("bitter-gourd", "Bitter gourd", "करेला", "vegetables", ["karela", "karla", "bitter melon"], ["Bitter gourd"]),
  p("cucumber", "Cucumber", "खीरा", "vegetables", ["kheera", "khira", "kakdi"], ["Cucumbar(Kheera)", "Cucumber(Kheera)"]),
  p("pumpkin", "Pumpkin", "कद्दू", "vegetables", ["kaddu", "sitaphal kaddu", "bhopla"], ["Pumpkin"]),
  p("spinach", "Spinach", "पालक", "vegetables", ["palak"], ["Spinach"]),
  p(
    "coriander",
    "Coriander leaves",
    "हरा धनिया",
    "vegetables",
    ["dhaniya", "dhania", "hara dhaniya", "cilantro", "धनिया"],
    ["Coriander(Leaves)"],
  ),
  p("radish", "Radish", "मूली", "vegetables", ["mooli", "muli"], ["Raddish", "Radish"]),
  p("capsicum", "Capsicum", "शिमला मिर्च", "vegetables", ["shimla mirch", "bell pepper", "simla mirch"], ["Capsicum"]),
  p("sweet-potato", "Sweet potato", "शकरकंद", "vegetables", ["shakarkand", "shakarkandi", "ratalu"], ["Sweet Potato"]),
  p(
    "beans",
    "Beans",
    "बीन्स",
    "vegetables",
    ["french beans", "sem", "phali", "cluster beans", "gawar", "guar"],
    ["Beans", "French Beans (Frasbean)", "Cluster beans"],
  ),
  p("drumstick", "Drumstick", "सहजन", "vegetables", ["sahjan", "moringa", "shevga", "murungai"], ["Drumstick"]),
  p("turmeric", "Turmeric", "हल्दी", "vegetables", ["haldi", "halad", "manjal"], ["Turmeric", "Turmeric (raw)"], "turmeric"),

  // Fruits.
  p("apple", "Apple", "सेब", "fruits", ["seb", "saib", "apples"], ["Apple"], "apple"),
  p("banana", "Banana", "केला", "fruits", ["kela", "kele", "bananas"], ["Banana", "Banana - Green"], "banana"),
  p(
    "mango",
    "Mango",
    "आम",
    "fruits",
    ["aam", "alphonso", "hapus", "kesar", "dasheri", "langra", "totapuri", "mangoes"],
    ["Mango", "Mango (Raw-Ripe)"],
    "mango",
  ),
  p("guava", "Guava", "अमरूद", "fruits", ["amrud", "amrood", "peru"], ["Guava"], "guava"),
  p("pomegranate", "Pomegranate", "अनार", "fruits", ["anar", "anaar", "dalimb", "bhagwa"], ["Pomegranate"], "pomegranate"),
  p("orange", "Orange", "संतरा", "fruits", ["santra", "santara", "narangi", "nagpur orange", "oranges"], ["Orange"], "orange"),
  p("papaya", "Papaya", "पपीता", "fruits", ["papita", "papai"], ["Papaya"], "papaya"),
  p("grapes", "Grapes", "अंगूर", "fruits", ["angoor", "angur", "grape", "draksh"], ["Grapes"], "grapes"),
  p("watermelon", "Watermelon", "तरबूज", "fruits", ["tarbooz", "tarbuj", "kalingad", "water melon"], ["Water Melon"]),
  p("muskmelon", "Muskmelon", "खरबूजा", "fruits", ["kharbooja", "kharbuja", "musk melon", "kharbuj"], ["Karbuja(Musk Melon)"]),
  p("pineapple", "Pineapple", "अनानास", "fruits", ["ananas", "annanas"], ["Pineapple"]),
  p("lemon", "Lemon", "नींबू", "fruits", ["nimbu", "nimboo", "limbu", "lime", "kagzi nimbu", "निंबू"], ["Lemon", "Lime"]),
  p(
    "mosambi",
    "Mosambi (sweet lime)",
    "मौसमी",
    "fruits",
    ["mousambi", "mosambi", "musambi", "sweet lime", "मोसंबी"],
    ["Mousambi(Sweet Lime)"],
  ),
  p(
    "coconut",
    "Coconut",
    "नारियल",
    "fruits",
    ["nariyal", "naral", "tender coconut", "coconuts"],
    ["Coconut", "Tender Coconut", "Coconut Seed"],
  ),
  p("sapota", "Sapota (chiku)", "चीकू", "fruits", ["chiku", "chikoo", "sapodilla"], ["Chikoos(Sapota)"]),
  p("litchi", "Litchi", "लीची", "fruits", ["lichi", "lychee"], ["Litchi"]),
  p("jackfruit", "Jackfruit", "कटहल", "fruits", ["kathal", "phanas", "jack fruit"], ["Jack Fruit"]),
  p("custard-apple", "Custard apple", "सीताफल", "fruits", ["sitaphal", "sharifa", "shareefa"], ["Custard Apple (Sharifa)"]),

  // Nuts and dry fruits.
  p("almond", "Almond", "बादाम", "nuts-dry-fruits", ["badam", "baadam", "almonds", "mamra"], ["Almond(Badam)"], "almond"),
  p("cashew", "Cashew", "काजू", "nuts-dry-fruits", ["kaju", "cashews", "cashew nut", "cashewnuts"], ["Cashewnuts"], "cashew"),
  p("walnut", "Walnut", "अखरोट", "nuts-dry-fruits", ["akhrot", "walnuts"], ["Walnut"], "walnut"),
  p("raisin", "Raisin", "किशमिश", "nuts-dry-fruits", ["kishmish", "raisins", "manuka", "bedana"], ["Raisins"], "raisin"),
  p("dates", "Dates", "खजूर", "nuts-dry-fruits", ["khajur", "khajoor", "chhuara", "chuara"], ["Dates"], "dates"),
  p("pistachio", "Pistachio", "पिस्ता", "nuts-dry-fruits", ["pista", "pistachios"], ["Pista"]),
  p("makhana", "Makhana (fox nut)", "मखाना", "nuts-dry-fruits", ["phool makhana", "fox nut", "foxnut", "lotus seed"], ["Makhana"]),
  p("arecanut", "Arecanut (supari)", "सुपारी", "nuts-dry-fruits", ["supari", "areca", "betel nut", "adike"], ["Arecanut(Betelnut/Supari)"]),
];
