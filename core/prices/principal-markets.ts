/**
 * The market a district's rate is named by when several of its markets report on one day
 * (decision 050): the district's principal market yard for that produce, as traders and the
 * press quote it. A small table, by state slug, district slug and produce id; the market is
 * matched as AGMARKNET writes it, by the start of its name ("Lasalgaon" also finds
 * "Lasalgaon(Niphad)" and "Lasalgaon(Vinchur)", its sub-yards). A district not listed is named by
 * the market that carries the district's own name (its headquarters' yard: "Pune", "Nasik"), if
 * that one reported.
 */
const PRINCIPAL: Readonly<Record<string, string>> = {
  // India's largest onion market.
  "maharashtra/nashik/onion": "Lasalgaon",
  "maharashtra/pune/onion": "Pune",
  "maharashtra/ahilyanagar/onion": "Rahuri",
  "maharashtra/solapur/onion": "Solapur",
  "madhya-pradesh/indore/onion": "Indore",
  "karnataka/bengaluru-urban/onion": "Bangalore",
  "maharashtra/nashik/grapes": "Nasik",
  "maharashtra/nagpur/orange": "Nagpur",
  "madhya-pradesh/indore/potato": "Indore",
  "uttar-pradesh/agra/potato": "Agra",
  "karnataka/kolar/tomato": "Kolar",
  "andhra-pradesh/chittoor/tomato": "Madanapalli",
  "gujarat/rajkot/groundnut": "Rajkot",
  "rajasthan/kota/soybean": "Kota",
  "madhya-pradesh/indore/soybean": "Indore",
  "punjab/ludhiana/wheat": "Khanna",
  "haryana/karnal/paddy": "Karnal",
  "karnataka/shivamogga/arecanut": "Shimoga",
};

const key = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");

/**
 * Of the markets that reported, the district's principal one for this produce, or undefined.
 * `districtNames` are the district's names (ours and AGMARKNET's), for the fallback.
 */
export function principalMarket(
  where: { state: string; district: string; produceId: string; districtNames: readonly string[] },
  markets: readonly string[],
): string | undefined {
  const listed = PRINCIPAL[`${where.state}/${where.district}/${where.produceId}`];
  const wanted = listed ? [listed] : where.districtNames;
  for (const name of wanted) {
    const exact = markets.find((market) => key(market) === key(name));
    if (exact) return exact;
    // A listed yard's sub-yards count as it; a district's name must be the market's whole name.
    const prefixed = listed ? markets.find((market) => key(market).startsWith(key(name))) : undefined;
    if (prefixed) return prefixed;
  }
  return undefined;
}
