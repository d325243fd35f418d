/**
 * One example answer per operation, for the OpenAPI document: copied from real answers of a
 * seeded Mandi (ids and phone shortened). The contract test checks each against its schema and
 * against the shape of a live answer, so an example cannot fall behind the code.
 */
const SITE = "https://mandi.example";
const photo = (key: string) => ({
  sizes: [320, 640, 1280].map((width) => ({ width, url: `${SITE}/media/listings/${key}/w${width}.webp` })),
});
const id = "3f2c1a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b";
const key = "6a1d9c0e-2f4b-4c8a-8e3d-7b5f1a2c9d0e";

const summary = {
  id,
  name: "Red onion (Nashik)",
  category: { slug: "vegetables", name: "Vegetables", name_en: "Vegetables", name_hi: "सब्ज़ी" },
  price_per_kg: { price_paise: 2200, price_rupees: "22.00", unit: "kg" },
  price_as_listed: { price_paise: 220000, price_rupees: "2200.00", unit: "quintal" },
  grade: "A",
  produce_id: "onion",
  place: { state: "maharashtra", district: "nashik", name: "Nashik, Maharashtra" },
  created_at: "2026-11-22T09:14:05+05:30",
  cover_photo: photo(key),
  url: `${SITE}/view/${id}`,
  api_url: `${SITE}/api/v1/listings/${id}`,
} as const;

export const EXAMPLES = {
  listListings: {
    items: [summary],
    total: 37,
    more_than_total: false,
    close_matches: false,
    next_cursor: "eyJzIjoicHJpY2UtYXNjIiwiYyI6MTc2Mzc4Mjg0NTAwMCwicCI6MjIwMCwiaSI6IjNmMmMxYTllIn0",
  },
  getListing: {
    ...summary,
    description: "Dry, well-sorted red onion from our farm in Niphad. Loading at the farm gate.",
    status: "active",
    expires_at: "2026-12-07T09:14:05+05:30",
    photos: [photo(key)],
    quantity: 40,
    min_order: 2,
    variety: "Nashik Red",
    organic: false,
    available_from: null,
    seller: { id: "u7Hk2mPq9sT4", name: "Sunita Pawar", phone: "+919876543210", api_url: `${SITE}/api/v1/sellers/u7Hk2mPq9sT4` },
  },
  getSeller: {
    id: "u7Hk2mPq9sT4",
    name: "Sunita Pawar",
    phone: "+919876543210",
    member_since: "2026-03-02T18:40:11+05:30",
    place: { state: "maharashtra", district: "nashik", name: "Nashik, Maharashtra" },
    listings: [summary],
    live_listings: 1,
    more_than_live_listings: false,
    url: `${SITE}/seller/u7Hk2mPq9sT4`,
  },
  listCategories: { items: [{ slug: "vegetables", name: "Vegetables", name_en: "Vegetables", name_hi: "सब्ज़ी" }] },
  listProduce: {
    items: [{ id: "onion", name: "Onion", name_en: "Onion", name_hi: "प्याज़", category: "vegetables", prices_url: `${SITE}/prices/onion` }],
  },
  listStates: {
    items: [
      {
        slug: "maharashtra",
        name: "Maharashtra",
        name_en: "Maharashtra",
        name_hi: "महाराष्ट्र",
        kind: "state",
        api_url: `${SITE}/api/v1/states/maharashtra`,
      },
    ],
  },
  getState: {
    slug: "maharashtra",
    name: "Maharashtra",
    name_en: "Maharashtra",
    name_hi: "महाराष्ट्र",
    kind: "state",
    api_url: `${SITE}/api/v1/states/maharashtra`,
    districts: [{ slug: "nashik", name: "Nashik", name_en: "Nashik", name_hi: "नासिक" }],
  },
  getPriceInsight: {
    produce: { id: "onion", name: "Onion" },
    days: 30,
    prices_url: `${SITE}/prices/onion`,
    enough: true,
    scope: "district",
    place: { state: "maharashtra", district: "nashik", name: "Nashik, Maharashtra" },
    grade: null,
    median: { price_paise: 2150, price_rupees: "21.50", unit: "kg" },
    low: { price_paise: 1900, price_rupees: "19.00", unit: "kg" },
    high: { price_paise: 2400, price_rupees: "24.00", unit: "kg" },
    listings: 42,
    sellers: 17,
  },
  listMandiRates: {
    produce: { id: "onion", name: "Onion" },
    items: [
      {
        id: "9b1f0c2d4e6a8b0c",
        arrival_date: "2026-11-24",
        market: "Lasalgaon",
        district: "Nashik",
        state: "Maharashtra",
        state_slug: "maharashtra",
        district_slug: "nashik",
        commodity: "Onion",
        variety: "Red",
        grade: "FAQ",
        min: { price_paise: 190000, price_rupees: "1900.00", unit: "quintal" },
        max: { price_paise: 230000, price_rupees: "2300.00", unit: "quintal" },
        modal: { price_paise: 215000, price_rupees: "2150.00", unit: "quintal" },
        demo: false,
      },
    ],
    next_cursor: null,
    source: {
      name: "AGMARKNET / data.gov.in",
      url: "https://www.data.gov.in/resource/current-daily-price-various-commodities-various-markets-mandi",
    },
  },
  getMspTable: {
    seasons: [
      {
        name: "Kharif marketing season 2025-26",
        from: "2025-10-01",
        to: "2026-09-30",
        source: {
          title: "Cabinet approves Minimum Support Prices (MSP) for Kharif Crops for Marketing Season 2025-26",
          date: "2025-05-28",
        },
        prices: [
          {
            produce_id: "rice",
            produce: "Paddy",
            variety: "Common",
            price: { price_paise: 236900, price_rupees: "2369.00", unit: "quintal" },
          },
        ],
      },
    ],
  },
} as const;
