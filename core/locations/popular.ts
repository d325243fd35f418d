/**
 * The footer's location links, as filters on state and district slugs. Kept apart from the
 * district table so that a page that only shows these links does not ship the table.
 */

export interface PopularLocation {
  readonly label: string;
  readonly state: string;
  /** Absent: the whole state or union territory. */
  readonly district?: string;
}

export const POPULAR_LOCATIONS: readonly PopularLocation[] = [
  // The whole National Capital Territory (all 11 of its districts).
  { label: "Delhi", state: "delhi" },
  // Mumbai is two districts, Mumbai City (the island city) and Mumbai Suburban (where most
  // Mumbaikars live); the table keeps both, as the Local Government Directory does, and the link
  // names Mumbai City. A filter that takes several districts could name both.
  { label: "Mumbai", state: "maharashtra", district: "mumbai-city" },
  { label: "Kolkata", state: "west-bengal", district: "kolkata" },
  { label: "Chennai", state: "tamil-nadu", district: "chennai" },
];
