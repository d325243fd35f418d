/**
 * The Hindi and Hinglish words buyers type for produce, read as the English names sellers use (core/search/search-terms).
 *
 * A module of its own to steer bundle chunks: the header's search box and the sell form read these
 * words in the browser without the whole produce catalogue (decision 019).
 */
export interface ProduceAlias {
  /** The English word listing names use. */
  name: string;
  /** Hindi (Devanagari) and Hinglish spellings buyers type. */
  aliases: readonly string[];
}

export const PRODUCE_ALIASES: readonly ProduceAlias[] = [
  { name: "onion", aliases: ["pyaz", "pyaaz", "piyaz", "kanda", "प्याज", "प्याज़"] },
  { name: "potato", aliases: ["aloo", "alu", "aalu", "aaloo", "batata", "आलू"] },
  { name: "tomato", aliases: ["tamatar", "टमाटर"] },
  { name: "apple", aliases: ["seb", "saib", "सेब"] },
  { name: "almond", aliases: ["badam", "baadam", "बादाम"] },
  { name: "mango", aliases: ["aam", "आम"] },
  { name: "banana", aliases: ["kela", "केला"] },
  { name: "guava", aliases: ["amrud", "amrood", "अमरूद"] },
  { name: "pomegranate", aliases: ["anar", "anaar", "अनार"] },
  { name: "orange", aliases: ["santra", "santara", "संतरा"] },
  { name: "papaya", aliases: ["papita", "पपीता"] },
  { name: "chilli", aliases: ["mirch", "mirchi", "मिर्च", "मिर्ची"] },
  { name: "lady finger", aliases: ["bhindi", "okra", "भिंडी"] },
  { name: "cauliflower", aliases: ["gobi", "gobhi", "phool gobi", "फूलगोभी", "गोभी"] },
  { name: "brinjal", aliases: ["baingan", "baigan", "बैंगन"] },
  { name: "carrot", aliases: ["gajar", "गाजर"] },
  { name: "groundnut", aliases: ["moongphali", "mungfali", "peanut", "मूंगफली"] },
  { name: "mustard", aliases: ["sarson", "सरसों"] },
  { name: "sesame", aliases: ["til", "तिल"] },
  { name: "flax", aliases: ["alsi", "अलसी"] },
  { name: "cashew", aliases: ["kaju", "काजू"] },
  { name: "walnut", aliases: ["akhrot", "अखरोट"] },
  { name: "raisin", aliases: ["kishmish", "किशमिश"] },
  { name: "dates", aliases: ["khajur", "khajoor", "खजूर"] },
  { name: "grapes", aliases: ["angoor", "angur", "अंगूर"] },
  { name: "turmeric", aliases: ["haldi", "हल्दी"] },
  { name: "chana", aliases: ["chickpea", "chickpeas", "चना"] },
  { name: "soybean", aliases: ["soya", "soyabean", "सोयाबीन"] },
];
