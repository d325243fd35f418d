/**
 * The footer's location links, as filters on state and district slugs, named in each language.
 * Kept apart from the district table so that a page that only shows these links does not ship
 * the table (nor the Hindi names).
 */

export interface PopularLocation {
  readonly label: string;
  /** The label on Hindi pages (the same name as names-hi.ts gives the place). */
  readonly hindiLabel: string;
  readonly state: string;
  /** Absent: the whole state or union territory. A city's slug (index.ts, CITIES): all its districts. */
  readonly district?: string;
}

export const POPULAR_LOCATIONS: readonly PopularLocation[] = [
  // The whole National Capital Territory (all 11 of its districts).
  { label: "Delhi", hindiLabel: "दिल्ली", state: "delhi" },
  // Mumbai is two districts, Mumbai City (the island city) and Mumbai Suburban (where most
  // Mumbaikars live); the city "mumbai" stands for both.
  { label: "Mumbai", hindiLabel: "मुंबई", state: "maharashtra", district: "mumbai" },
  { label: "Kolkata", hindiLabel: "कोलकाता", state: "west-bengal", district: "kolkata" },
  { label: "Chennai", hindiLabel: "चेन्नई", state: "tamil-nadu", district: "chennai" },
];
