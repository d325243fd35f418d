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
  /**
   * The English word listing names use for it, where that is not its English name: the word
   * search's alias table knows it by (PRODUCE_ALIASES), or a shorter word ("basmati"). Search reads
   * its names in Indian scripts as this word (core/search/search-terms.ts).
   */
  searchName?: string;
}

const p = (
  id: string,
  en: string,
  hi: string,
  category: CategorySlug | null,
  aliases: readonly string[],
  searchName?: string,
): Produce => ({ id, en, hi, category, aliases, ...(searchName ? { searchName } : {}) });

export const PRODUCE: readonly Produce[] = [
  // Rice and paddy: paddy (dhan) is the grain as harvested, and the crop MSP is fixed for.
  p("paddy", "Paddy (dhan)", "धान", "rice", ["dhan", "paddy", "dhaan", "dhan common"]),
  p("basmati-paddy", "Basmati paddy", "बासमती धान", "rice", ["basmati dhan", "basmati paddy"]),
  p("rice", "Rice", "चावल", "rice", [
    "chawal",
    "chaval",
    "kolam",
    "sona masoori",
    "sona masuri",
    "ponni",
    "ir 64",
    "parboiled rice",
    "usna chawal",
    "arwa chawal",
    // Rice varieties named after cumin ("jeera"): rice, not the spice.
    "jeera samba",
    "jeeraga samba",
    "jeera rice",
    "zeera rice",
    "jeerakasala",
  ]),
  p(
    "basmati-rice",
    "Basmati rice",
    "बासमती चावल",
    "rice",
    ["basmati", "बासमती", "basmati chawal", "pusa basmati", "1121 basmati"],
    "basmati",
  ),

  // Wheat and other cereals and millets (Mandi files millets under wheat or anywhere).
  p("wheat", "Wheat", "गेहूँ", "wheat", ["gehun", "gehu", "gehoon", "gahu", "गेहूं", "गेंहू", "sharbati", "lokwan", "durum"]),
  // Khapli (emmer) sells at three or four times bread wheat's price: compared with wheat it
  // stretched wheat's band (issue 42, decision 054). AGMARKNET reports no rate for it.
  p(
    "emmer-wheat",
    "Khapli (emmer) wheat",
    "खपली गेहूँ",
    "wheat",
    ["khapli", "emmer", "khapli wheat", "emmer wheat", "खपली", "खपली गेहूं"],
    "khapli",
  ),
  p("barley", "Barley", "जौ", null, ["jau", "jow"]),
  p("maize", "Maize", "मक्का", null, ["makka", "makki", "corn", "bhutta", "मक्की"]),
  p("bajra", "Bajra (pearl millet)", "बाजरा", null, ["bajri", "pearl millet", "cumbu", "kambu"]),
  p("jowar", "Jowar (sorghum)", "ज्वार", null, ["jwar", "juar", "sorghum", "cholam"]),
  p("ragi", "Ragi (finger millet)", "रागी", null, ["finger millet", "nachni", "nachani", "mandua", "मंडुआ"]),

  // Pulses: no Mandi category of their own yet.
  p("tur", "Tur (arhar)", "अरहर (तूर)", null, ["arhar", "toor", "tuar", "red gram", "pigeon pea", "तूर", "अरहर"]),
  p("moong", "Moong (green gram)", "मूँग", null, ["mung", "moong", "green gram", "मूंग"]),
  p("urad", "Urad (black gram)", "उड़द", null, ["urd", "udad", "black gram", "उड़द"]),
  p(
    "chana",
    "Chana (gram)",
    "चना",
    null,
    ["chickpea", "chickpeas", "gram", "bengal gram", "kabuli chana", "desi chana", "harbara"],
    "chana",
  ),
  p("masur", "Masur (lentil)", "मसूर", null, ["masoor", "lentil", "lentils"]),
  p("cowpea", "Cowpea (lobia)", "लोबिया", null, ["lobia", "lobiya", "rongi", "karamani", "alsande", "black eyed beans", "black eyed peas"]),
  p("horse-gram", "Horse gram (kulthi)", "कुलथी", null, ["kulthi", "kulith", "kulath", "hurali", "kollu", "horsegram", "कुल्थी"]),
  p("dry-peas", "Dry peas", "सूखी मटर", null, [
    "sukhi matar",
    "sukha matar",
    "dry peas",
    "dried peas",
    "white peas",
    "safed matar",
    "field pea",
    "सफ़ेद मटर",
  ]),

  // Dal: split and hulled pulses, a processed form priced apart from the whole pulse (which has the MSP).
  p("tur-dal", "Tur dal (arhar dal)", "अरहर दाल", null, ["tur dal", "toor dal", "tuar dal", "arhar dal", "तूर दाल", "तुअर दाल"]),
  p("moong-dal", "Moong dal", "मूँग दाल", null, ["moong dal", "mung dal", "moong dhuli", "मूंग दाल"]),
  p("urad-dal", "Urad dal", "उड़द दाल", null, ["urad dal", "urd dal", "udad dal", "उड़द की दाल"]),
  p("chana-dal", "Chana dal", "चना दाल", null, ["chana dal", "bengal gram dal", "chane ki dal", "चने की दाल"]),
  p("masur-dal", "Masur dal", "मसूर दाल", null, ["masoor dal", "masur dal", "malka masoor", "मसूर की दाल"]),

  // Oil seeds.
  p("groundnut", "Groundnut", "मूँगफली", "oil-seeds", ["moongphali", "mungfali", "peanut", "peanuts", "singdana", "मूंगफली"], "groundnut"),
  p("soybean", "Soybean", "सोयाबीन", "oil-seeds", ["soya", "soyabean", "soy bean", "soybeans"], "soybean"),
  p(
    "mustard",
    "Mustard (rapeseed)",
    "सरसों",
    "oil-seeds",
    ["sarson", "rai", "rapeseed", "rapeseed and mustard", "toria", "mustard seed"],
    "mustard",
  ),
  p("safflower", "Safflower", "कुसुम", "oil-seeds", ["kusum", "kardi", "kusumba"]),
  p("sesame", "Sesame (til)", "तिल", "oil-seeds", ["til", "gingelly", "sesamum", "teel"], "sesame"),
  p("flax", "Linseed (alsi)", "अलसी", "oil-seeds", ["alsi", "linseed", "flax seed", "flaxseed"], "flax"),
  p("sunflower", "Sunflower seed", "सूरजमुखी", "oil-seeds", ["surajmukhi", "sunflower seeds"]),
  p("castor", "Castor seed", "अरंडी", "oil-seeds", ["arandi", "erandi", "castor seeds"]),
  p("niger", "Niger seed", "रामतिल", "oil-seeds", ["ramtil", "kala til", "niger"]),
  p("copra", "Copra (dry coconut)", "खोपरा (गोला)", "oil-seeds", [
    "khopra",
    "kopra",
    "copra",
    "dry coconut",
    "sukha nariyal",
    "खोपरा",
    "सूखा नारियल",
  ]),

  // Fibres and other field crops: no Mandi category (decision 049).
  p("cotton", "Cotton (kapas)", "कपास", null, ["kapas", "kapaas", "narma", "raw cotton", "unginned cotton", "cotton kapas"]),
  p("jute", "Jute (patsan)", "जूट (पटसन)", null, ["patsan", "paat", "raw jute", "पटसन", "जूट"]),
  p("guar-seed", "Guar seed", "ग्वार बीज", null, ["guar seed", "gwar seed", "guar gum seed", "ग्वार गम"]),
  p("jaggery", "Jaggery (gur)", "गुड़", null, ["gur", "gud", "jaggery", "gul", "गुड"]),

  // Spices, dry: no Mandi category (decision 049). Dry red chilli and dry ginger are here in spirit too.
  p("cumin", "Cumin (jeera)", "जीरा", null, ["jeera", "jira", "zeera", "jeeru", "cumin seed", "cumin seeds"]),
  p("coriander-seed", "Coriander seed", "साबुत धनिया", null, [
    "sabut dhaniya",
    "dhaniya beej",
    "dhania seed",
    "dhania seeds",
    "dhaniya seed",
    "dhaniya seeds",
    "coriander seeds",
    "धनिया बीज",
  ]),
  p("fenugreek-seed", "Fenugreek seed (methi dana)", "मेथी दाना", null, [
    "methi dana",
    "methi seed",
    "methi seeds",
    "fenugreek seeds",
    "मेथीदाना",
  ]),
  p("fennel", "Fennel (saunf)", "सौंफ", null, ["saunf", "sonf", "soanf", "variyali", "fennel seed", "fennel seeds", "सौंफ़"]),
  p("ajwain", "Ajwain (carom seed)", "अजवाइन", null, ["ajwain", "ajwan", "ajowan", "carom seed", "carom seeds", "omam", "अजवायन"]),
  p("black-pepper", "Black pepper", "काली मिर्च", null, ["kali mirch", "kaali mirch", "pepper", "peppercorn", "miri", "कालीमिर्च"]),
  p("cardamom", "Cardamom (elaichi)", "इलायची", null, ["elaichi", "ilaichi", "choti elaichi", "green cardamom", "elakki", "इलाइची"]),
  p("cloves", "Cloves (laung)", "लौंग", null, ["laung", "lavang", "clove", "लवंग"]),
  p("cinnamon", "Cinnamon (dalchini)", "दालचीनी", null, ["dalchini", "dalcheeni", "cinnamon"]),
  p("nutmeg", "Nutmeg (jaiphal)", "जायफल", null, ["jaiphal", "jaifal", "nutmeg"]),
  p("tamarind", "Tamarind (imli)", "इमली", null, ["imli", "chinch", "puli", "hunase", "tamarind pulp"]),
  p("isabgol", "Isabgol (psyllium)", "इसबगोल", null, ["isabgol", "isabgul", "ispaghula", "psyllium", "isapgol"]),
  p("dry-ginger", "Dry ginger (sonth)", "सोंठ", null, ["sonth", "saunth", "sunth", "dry ginger", "sukku", "सौंठ"]),

  // Vegetables.
  p("onion", "Onion", "प्याज", "vegetables", ["pyaz", "pyaaz", "piyaz", "kanda", "प्याज़", "red onion", "लाल प्याज", "onions"], "onion"),
  p("potato", "Potato", "आलू", "vegetables", ["aloo", "alu", "aalu", "aaloo", "batata", "potatoes"], "potato"),
  p("tomato", "Tomato", "टमाटर", "vegetables", ["tamatar", "tomatoes", "tamater"], "tomato"),
  p("brinjal", "Brinjal", "बैंगन", "vegetables", ["baingan", "baigan", "eggplant", "vangi", "vankaya"], "brinjal"),
  p("cauliflower", "Cauliflower", "फूलगोभी", "vegetables", ["gobi", "gobhi", "phool gobi", "phool gobhi", "गोभी", "फूल गोभी"], "cauliflower"),
  p("cabbage", "Cabbage", "पत्तागोभी", "vegetables", ["patta gobhi", "patta gobi", "band gobhi", "bandh gobi", "पत्ता गोभी", "बंद गोभी"]),
  p(
    "okra",
    "Okra (bhindi)",
    "भिंडी",
    "vegetables",
    ["bhindi", "lady finger", "ladyfinger", "ladies finger", "bhendi", "okra"],
    "lady finger",
  ),
  p("carrot", "Carrot", "गाजर", "vegetables", ["gajar", "carrots"], "carrot"),
  p(
    "green-chilli",
    "Green chilli",
    "हरी मिर्च",
    "vegetables",
    ["chilli", "chili", "mirch", "mirchi", "hari mirch", "green chillies", "मिर्च", "मिर्ची"],
    "chilli",
  ),
  p("dry-chilli", "Dry red chilli", "लाल मिर्च", null, [
    "lal mirch",
    "red chilli",
    "dry chilli",
    "dry chillies",
    "sukhi mirch",
    "byadgi",
    "guntur chilli",
  ]),
  p("garlic", "Garlic", "लहसुन", "vegetables", ["lahsun", "lehsun", "lasun", "lasan"]),
  p("ginger", "Ginger", "अदरक", "vegetables", ["adrak", "adrakh", "adu", "fresh ginger"]),
  p("peas", "Green peas", "मटर", "vegetables", ["matar", "mattar", "green peas", "peas", "hari matar", "matar phali", "pea pods"]),
  p("bottle-gourd", "Bottle gourd", "लौकी", "vegetables", ["lauki", "ghiya", "doodhi", "dudhi", "kaddu lauki"]),
  p("bitter-gourd", "Bitter gourd", "करेला", "vegetables", ["karela", "karla", "bitter melon"]),
  p("cucumber", "Cucumber", "खीरा", "vegetables", ["kheera", "khira", "kakdi"]),
  p("pumpkin", "Pumpkin", "कद्दू", "vegetables", ["kaddu", "sitaphal kaddu", "bhopla"]),
  p("spinach", "Spinach", "पालक", "vegetables", ["palak"]),
  p("coriander", "Coriander leaves", "हरा धनिया", "vegetables", ["dhaniya", "dhania", "hara dhaniya", "cilantro", "धनिया"]),
  p("radish", "Radish", "मूली", "vegetables", ["mooli", "muli"]),
  p("capsicum", "Capsicum", "शिमला मिर्च", "vegetables", ["shimla mirch", "bell pepper", "simla mirch"]),
  p("sweet-potato", "Sweet potato", "शकरकंद", "vegetables", ["shakarkand", "shakarkandi", "ratale"]),
  p("beans", "Beans", "बीन्स", "vegetables", [
    "french beans",
    "sem",
    "sem phali",
    "phali",
    "cluster beans",
    "gawar",
    "guar",
    "guar phali",
    "papdi",
    "avarekai",
    "avare",
    "lobia phali",
    "barbati",
    "long beans",
    "ग्वार फली",
    "सेम",
  ]),
  p("drumstick", "Drumstick", "सहजन", "vegetables", ["sahjan", "moringa", "shevga", "murungai"]),
  p("turmeric", "Turmeric", "हल्दी", "vegetables", ["haldi", "halad", "manjal"], "turmeric"),
  p("onion-green", "Spring onion (hara pyaz)", "हरा प्याज", "vegetables", [
    "hara pyaz",
    "hari pyaz",
    "hara pyaaz",
    "spring onion",
    "spring onions",
    "green onions",
    "green onion",
    "onion green",
    "pyaz patta",
    "kanda pat",
    "हरा प्याज़",
  ]),
  p("beetroot", "Beetroot", "चुकंदर", "vegetables", ["chukandar", "chukander", "beet", "beets", "beet root"]),
  p("turnip", "Turnip", "शलजम", "vegetables", ["shalgam", "shaljam", "turnips", "शलगम"]),
  p("knol-khol", "Knol khol (kohlrabi)", "गांठ गोभी", "vegetables", [
    "kohlrabi",
    "knolkhol",
    "knol khol",
    "ganth gobhi",
    "ganth gobi",
    "gaanth gobhi",
    "nol kol",
    "गाँठ गोभी",
  ]),
  p("ridge-gourd", "Ridge gourd (tori)", "तोरई", "vegetables", [
    "tori",
    "torai",
    "turai",
    "toriya",
    "dodka",
    "beerakaya",
    "ridge gourd",
    "तुरई",
    "तोरी",
  ]),
  p("sponge-gourd", "Sponge gourd (nenua)", "नेनुआ (गिलकी)", "vegetables", [
    "nenua",
    "gilki",
    "ghiya tori",
    "ghiya torai",
    "galka",
    "luffa",
    "नेनुआ",
    "गिलकी",
  ]),
  p("snake-gourd", "Snake gourd", "चिचिंडा", "vegetables", ["chichinda", "chachinda", "chichinga", "padwal", "pudalangai", "चचिंडा"]),
  p("pointed-gourd", "Pointed gourd (parwal)", "परवल", "vegetables", ["parwal", "parval", "potol", "patol", "palwal"]),
  p("ivy-gourd", "Ivy gourd (kundru)", "कुंदरू", "vegetables", [
    "kundru",
    "kundri",
    "tindora",
    "tondli",
    "tendli",
    "dondakaya",
    "tondekai",
    "kovakkai",
    "little gourd",
    "कुंदुरु",
  ]),
  p("spiny-gourd", "Spiny gourd (kakora)", "ककोड़ा", "vegetables", [
    "kakora",
    "kakoda",
    "kantola",
    "kartoli",
    "kakrol",
    "spine gourd",
    "ककोरा",
    "कंटोला",
  ]),
  p("ash-gourd", "Ash gourd (petha)", "पेठा", "vegetables", [
    "petha",
    "petha kaddu",
    "safed kaddu",
    "white pumpkin",
    "kumhda",
    "winter melon",
    "पेठा कद्दू",
  ]),
  p("tinda", "Tinda (round gourd)", "टिंडा", "vegetables", ["tinda", "tindsa", "dilpasand", "round gourd", "apple gourd", "टिंडे"]),
  p("chow-chow", "Chow chow (chayote)", "चाऊ-चाऊ (इस्कुस)", "vegetables", ["chow chow", "chayote", "iskus", "seeme badanekai", "इस्कुस"]),
  p("amaranth", "Amaranth leaves (chaulai)", "चौलाई", "vegetables", [
    "chaulai",
    "cholai",
    "lal saag",
    "lal bhaji",
    "thotakura",
    "amaranth",
    "amaranthus",
    "चौलाई साग",
  ]),
  p("fenugreek-leaves", "Fenugreek leaves (methi)", "मेथी", "vegetables", [
    "methi",
    "methi saag",
    "methi leaves",
    "fenugreek leaves",
    "fenugreek",
    "मेथी साग",
  ]),
  p("mint", "Mint (pudina)", "पुदीना", "vegetables", ["pudina", "podina", "mint leaves", "पोदीना"]),
  p("colocasia", "Colocasia (arbi)", "अरबी", "vegetables", ["arbi", "arvi", "ghuiyan", "ghuiya", "taro", "kachalu", "colocasia", "घुइयां"]),
  p("elephant-yam", "Elephant foot yam (suran)", "जिमीकंद (सूरन)", "vegetables", [
    "suran",
    "jimikand",
    "zimikand",
    "jamikand",
    "oal",
    "elephant yam",
    "सूरन",
    "जिमीकंद",
  ]),
  p("yam", "Yam (ratalu)", "रतालू", "vegetables", ["ratalu", "purple yam", "kachil", "greater yam", "khamalu"]),
  p("tapioca", "Tapioca (cassava)", "टैपिओका (कसावा)", "vegetables", ["tapioca", "cassava", "kappa", "maravalli", "कसावा"]),
  p("mushroom", "Mushroom", "मशरूम", "vegetables", ["mushrooms", "khumb", "khumbi", "dhingri", "kukurmutta", "खुंभी"]),
  p("raw-banana", "Raw banana", "कच्चा केला", "vegetables", [
    "kachcha kela",
    "kacha kela",
    "kachche kele",
    "raw banana",
    "green banana",
    "plantain",
    "vazhakkai",
  ]),
  p("betel-leaf", "Betel leaf (paan)", "पान", null, [
    "paan",
    "paan patta",
    "betel leaf",
    "betel leaves",
    "vettilai",
    "nagvel",
    "पान का पत्ता",
  ]),

  // Fruits.
  p("apple", "Apple", "सेब", "fruits", ["seb", "saib", "apples"], "apple"),
  p("banana", "Banana", "केला", "fruits", ["kela", "kele", "bananas"], "banana"),
  p("mango", "Mango", "आम", "fruits", ["aam", "alphonso", "hapus", "kesar", "dasheri", "langra", "totapuri", "mangoes"], "mango"),
  p("guava", "Guava", "अमरूद", "fruits", ["amrud", "amrood", "peru"], "guava"),
  p("pomegranate", "Pomegranate", "अनार", "fruits", ["anar", "anaar", "dalimb", "bhagwa"], "pomegranate"),
  p("orange", "Orange", "संतरा", "fruits", ["santra", "santara", "narangi", "nagpur orange", "oranges", "kinnow", "kinu", "किन्नू"], "orange"),
  p("papaya", "Papaya", "पपीता", "fruits", ["papita", "papai"], "papaya"),
  p("grapes", "Grapes", "अंगूर", "fruits", ["angoor", "angur", "grape", "draksh"], "grapes"),
  p("watermelon", "Watermelon", "तरबूज", "fruits", ["tarbooz", "tarbuj", "kalingad", "water melon"]),
  p("muskmelon", "Muskmelon", "खरबूजा", "fruits", ["kharbooja", "kharbuja", "musk melon", "kharbuj"]),
  p("pineapple", "Pineapple", "अनानास", "fruits", ["ananas", "annanas"]),
  p("lemon", "Lemon", "नींबू", "fruits", ["nimbu", "nimboo", "limbu", "lime", "kagzi nimbu", "निंबू", "galgal", "गलगल"]),
  p("mosambi", "Mosambi (sweet lime)", "मौसमी", "fruits", ["mousambi", "mosambi", "musambi", "sweet lime", "मोसंबी"]),
  p("coconut", "Coconut", "नारियल", "fruits", ["nariyal", "naral", "tender coconut", "coconuts"]),
  p("sapota", "Sapota (chiku)", "चीकू", "fruits", ["chiku", "chikoo", "sapodilla"]),
  p("litchi", "Litchi", "लीची", "fruits", ["lichi", "lychee"]),
  p("jackfruit", "Jackfruit", "कटहल", "fruits", ["kathal", "phanas", "jack fruit"]),
  p("custard-apple", "Custard apple", "सीताफल", "fruits", ["sitaphal", "sharifa", "shareefa", "seetaphal"]),
  p("amla", "Amla (Indian gooseberry)", "आंवला", "fruits", ["amla", "aonla", "awla", "aawla", "nellikai", "indian gooseberry", "आँवला"]),
  p("pear", "Pear", "नाशपाती", "fruits", ["nashpati", "naspati", "pears", "babugosha"]),
  p("plum", "Plum", "आलूबुखारा", "fruits", ["aloo bukhara", "alubukhara", "alu bukhara", "plums"]),
  p("fig", "Fig (anjeer)", "अंजीर", "fruits", ["anjeer", "anjir", "figs", "anjura"]),
  p("ber", "Ber (jujube)", "बेर", "fruits", ["ber", "bor", "jujube", "bora", "ber fruit"]),
  p("jamun", "Jamun", "जामुन", "fruits", ["jamun", "jamoon", "java plum", "black plum"]),

  // Nuts and dry fruits.
  p("almond", "Almond", "बादाम", "nuts-dry-fruits", ["badam", "baadam", "almonds", "mamra"], "almond"),
  p("cashew", "Cashew", "काजू", "nuts-dry-fruits", ["kaju", "cashews", "cashew nut", "cashewnuts"], "cashew"),
  p("walnut", "Walnut", "अखरोट", "nuts-dry-fruits", ["akhrot", "walnuts"], "walnut"),
  p("raisin", "Raisin", "किशमिश", "nuts-dry-fruits", ["kishmish", "raisins", "manuka", "bedana"], "raisin"),
  p("dates", "Dates", "खजूर", "nuts-dry-fruits", ["khajur", "khajoor", "chhuara", "chuara"], "dates"),
  p("pistachio", "Pistachio", "पिस्ता", "nuts-dry-fruits", ["pista", "pistachios"]),
  p("makhana", "Makhana (fox nut)", "मखाना", "nuts-dry-fruits", ["phool makhana", "fox nut", "foxnut", "lotus seed"]),
  p("arecanut", "Arecanut (supari)", "सुपारी", "nuts-dry-fruits", ["supari", "areca", "betel nut", "adike"]),
];
