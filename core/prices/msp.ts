/**
 * Minimum support prices (MSP): the price per quintal at which government procurement centres buy
 * a crop in a marketing season, fixed by the Union Cabinet on the Commission for Agricultural Costs
 * and Prices' advice. A dated table, one block per season, each with its source. How to add next
 * season's block: docs/operations.md, "Minimum support prices". Why it is kept like this: decision 019.
 *
 * Kharif marketing season (KMS) Y-Y+1 runs from 1 October Y to 30 September Y+1; rabi marketing
 * season (RMS) Y-Y+1 from 1 April Y to 31 March Y+1.
 */
import type { Language } from "../i18n/languages";

/**
 * A season's or a variety's words in every language Mandi speaks (issue 40): as farmers say them,
 * so Marathi's kharif is खरीप, Punjabi's kharif and rabi are ਸਾਉਣੀ and ਹਾੜੀ, Kannada's ಮುಂಗಾರು
 * and ಹಿಂಗಾರು.
 */
export type MspWords = Readonly<Record<Language, string>>;

export function mspWords(words: MspWords, language: Language): string {
  return words[language];
}

export interface MspSeason {
  /** As the Cabinet names it: "Kharif marketing season 2025-26". */
  name: MspWords;
  /** First and last day it applies to, "YYYY-MM-DD" (India's dates). */
  from: string;
  to: string;
  /**
   * The Cabinet's decision, as the Press Information Bureau (pib.gov.in) published it: its title
   * and date, by which it is found there. (Written without internet access; no link was copied.)
   */
  source: { title: string; date: string };
  /** Produce id (core/catalogue/produce) → the MSP in paise per quintal; `variety` names which, where several. */
  prices: ReadonlyArray<{ produce: string; perQuintalPaise: number; variety?: MspWords }>;
}

const rupees = (perQuintal: number) => perQuintal * 100;

export const MSP_SEASONS: readonly MspSeason[] = [
  {
    name: {
      en: "Kharif marketing season 2025-26",
      hi: "ख़रीफ़ विपणन सीज़न 2025-26",
      bn: "খরিফ বিপণন মরসুম 2025-26",
      te: "ఖరీఫ్ మార్కెటింగ్ సీజన్ 2025-26",
      mr: "खरीप विपणन हंगाम 2025-26",
      ta: "காரிஃப் சந்தைப் பருவம் 2025-26",
      gu: "ખરીફ માર્કેટિંગ સીઝન 2025-26",
      or: "ଖରିଫ ବିପଣନ ଋତୁ 2025-26",
      kn: "ಮುಂಗಾರು (ಖರೀಫ್) ಮಾರುಕಟ್ಟೆ ಹಂಗಾಮು 2025-26",
      pa: "ਸਾਉਣੀ ਮੰਡੀਕਰਨ ਸੀਜ਼ਨ 2025-26",
      ur: "خریف مارکیٹنگ سیزن 2025-26",
      ml: "ഖരീഫ് വിപണന സീസൺ 2025-26",
    },
    from: "2025-10-01",
    to: "2026-09-30",
    source: {
      title: "Cabinet approves Minimum Support Prices (MSP) for Kharif crops for Marketing Season 2025-26",
      date: "2025-05-28",
    },
    prices: [
      {
        produce: "paddy",
        perQuintalPaise: rupees(2369),
        variety: {
          en: "common",
          hi: "सामान्य",
          bn: "সাধারণ",
          te: "సాధారణ",
          mr: "सर्वसाधारण",
          ta: "சாதாரணம்",
          gu: "સામાન્ય",
          or: "ସାଧାରଣ",
          kn: "ಸಾಮಾನ್ಯ",
          pa: "ਆਮ",
          ur: "عام",
          ml: "സാധാരണ",
        },
      },
      {
        produce: "paddy",
        perQuintalPaise: rupees(2389),
        variety: {
          en: "grade A",
          hi: "ग्रेड ए",
          bn: "গ্রেড এ",
          te: "గ్రేడ్ ఏ",
          mr: "ग्रेड ए",
          ta: "தரம் ஏ",
          gu: "ગ્રેડ એ",
          or: "ଗ୍ରେଡ ଏ",
          kn: "ಗ್ರೇಡ್ ಎ",
          pa: "ਗ੍ਰੇਡ ਏ",
          ur: "گریڈ اے",
          ml: "ഗ്രേഡ് എ",
        },
      },
      {
        produce: "jowar",
        perQuintalPaise: rupees(3699),
        variety: {
          en: "hybrid",
          hi: "हाइब्रिड",
          bn: "হাইব্রিড",
          te: "హైబ్రిడ్",
          mr: "संकरित",
          ta: "கலப்பினம்",
          gu: "હાઇબ્રિડ",
          or: "ହାଇବ୍ରିଡ",
          kn: "ಹೈಬ್ರಿಡ್",
          pa: "ਹਾਈਬ੍ਰਿਡ",
          ur: "ہائبرڈ",
          ml: "സങ്കരയിനം",
        },
      },
      {
        produce: "jowar",
        perQuintalPaise: rupees(3749),
        variety: {
          en: "maldandi",
          hi: "मालदांडी",
          bn: "মালদান্ডি",
          te: "మాల్దండి",
          mr: "मालदांडी",
          ta: "மால்தண்டி",
          gu: "માલદાંડી",
          or: "ମାଲଦାଣ୍ଡି",
          kn: "ಮಾಲ್ದಂಡಿ",
          pa: "ਮਾਲਦਾਂਡੀ",
          ur: "مالدانڈی",
          ml: "മാൽദണ്ടി",
        },
      },
      { produce: "bajra", perQuintalPaise: rupees(2775) },
      { produce: "ragi", perQuintalPaise: rupees(4886) },
      { produce: "maize", perQuintalPaise: rupees(2400) },
      { produce: "tur", perQuintalPaise: rupees(8000) },
      { produce: "moong", perQuintalPaise: rupees(8768) },
      { produce: "urad", perQuintalPaise: rupees(7800) },
      { produce: "groundnut", perQuintalPaise: rupees(7263) },
      { produce: "sunflower", perQuintalPaise: rupees(7721) },
      {
        produce: "soybean",
        perQuintalPaise: rupees(5328),
        variety: {
          en: "yellow",
          hi: "पीला",
          bn: "হলুদ",
          te: "పసుపు",
          mr: "पिवळा",
          ta: "மஞ்சள்",
          gu: "પીળું",
          or: "ହଳଦିଆ",
          kn: "ಹಳದಿ",
          pa: "ਪੀਲਾ",
          ur: "پیلا",
          ml: "മഞ്ഞ",
        },
      },
      { produce: "sesame", perQuintalPaise: rupees(9846) },
      { produce: "niger", perQuintalPaise: rupees(9537) },
      {
        produce: "cotton",
        perQuintalPaise: rupees(7710),
        variety: {
          en: "medium staple",
          hi: "मध्यम रेशा",
          bn: "মাঝারি আঁশ",
          te: "మధ్యస్థ పింజ",
          mr: "मध्यम धागा",
          ta: "நடுத்தர இழை",
          gu: "મધ્યમ તાર",
          or: "ମଧ୍ୟମ ତନ୍ତୁ",
          kn: "ಮಧ್ಯಮ ಎಳೆ",
          pa: "ਦਰਮਿਆਨਾ ਰੇਸ਼ਾ",
          ur: "درمیانہ ریشہ",
          ml: "ഇടത്തരം നാര്",
        },
      },
      {
        produce: "cotton",
        perQuintalPaise: rupees(8110),
        variety: {
          en: "long staple",
          hi: "लंबा रेशा",
          bn: "লম্বা আঁশ",
          te: "పొడవు పింజ",
          mr: "लांब धागा",
          ta: "நீள இழை",
          gu: "લાંબો તાર",
          or: "ଲମ୍ବା ତନ୍ତୁ",
          kn: "ಉದ್ದ ಎಳೆ",
          pa: "ਲੰਮਾ ਰੇਸ਼ਾ",
          ur: "لمبا ریشہ",
          ml: "നീളമുള്ള നാര്",
        },
      },
    ],
  },
  {
    name: {
      en: "Rabi marketing season 2026-27",
      hi: "रबी विपणन सीज़न 2026-27",
      bn: "রবি বিপণন মরসুম 2026-27",
      te: "రబీ మార్కెటింగ్ సీజన్ 2026-27",
      mr: "रब्बी विपणन हंगाम 2026-27",
      ta: "ரபி சந்தைப் பருவம் 2026-27",
      gu: "રવી માર્કેટિંગ સીઝન 2026-27",
      or: "ରବି ବିପଣନ ଋତୁ 2026-27",
      kn: "ಹಿಂಗಾರು (ರಬಿ) ಮಾರುಕಟ್ಟೆ ಹಂಗಾಮು 2026-27",
      pa: "ਹਾੜੀ ਮੰਡੀਕਰਨ ਸੀਜ਼ਨ 2026-27",
      ur: "ربیع مارکیٹنگ سیزن 2026-27",
      ml: "റാബി വിപണന സീസൺ 2026-27",
    },
    from: "2026-04-01",
    to: "2027-03-31",
    source: {
      title: "Cabinet approves Minimum Support Prices (MSP) for all Rabi crops for Marketing Season 2026-27",
      date: "2025-10-01",
    },
    prices: [
      { produce: "wheat", perQuintalPaise: rupees(2585) },
      { produce: "barley", perQuintalPaise: rupees(2150) },
      { produce: "chana", perQuintalPaise: rupees(5875) },
      { produce: "masur", perQuintalPaise: rupees(7000) },
      { produce: "mustard", perQuintalPaise: rupees(6200) },
      { produce: "safflower", perQuintalPaise: rupees(6540) },
    ],
  },
];

export interface Msp {
  produce: string;
  perQuintalPaise: number;
  variety?: MspWords;
  season: MspSeason;
  /**
   * False when `date` is past the season's end and no newer season is in the table: the last MSP
   * known, to be shown with its season's name, never as today's.
   */
  inForce: boolean;
}

/**
 * The MSPs for a produce on a date (India's "YYYY-MM-DD"): those of the latest season in the table
 * that has begun by then, lowest first (paddy has two). Empty when the produce has no MSP.
 */
export function mspFor(produce: string | null | undefined, date: string): Msp[] {
  if (!produce) return [];
  const seasons = MSP_SEASONS.filter((season) => season.from <= date && season.prices.some((price) => price.produce === produce)).sort(
    (a, b) => b.from.localeCompare(a.from),
  );
  const season = seasons[0];
  if (!season) return [];
  return season.prices
    .filter((price) => price.produce === produce)
    .map((price) => ({ ...price, season, inForce: date <= season.to }))
    .sort((a, b) => a.perQuintalPaise - b.perQuintalPaise);
}
