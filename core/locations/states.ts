/**
 * The states and union territories with their districts, in English, as the sell form's selects
 * list them. Apart from index.ts, which also reads the Hindi names (names-hi.ts) for lookups and
 * labels, so that the browser, which only needs this list, never downloads the Hindi table.
 */
import { STATE_DATA } from "./data";

/** A state's or union territory's slug, e.g. "maharashtra", "jammu-and-kashmir", "delhi". */
export type StateSlug = string;
/** A district's slug, unique within its state, e.g. "nashik", "mumbai-suburban". */
export type DistrictSlug = string;

export interface District {
  readonly slug: DistrictSlug;
  readonly name: string;
}

export interface State {
  readonly slug: StateSlug;
  readonly name: string;
  readonly kind: "state" | "union-territory";
  /** In alphabetical order, as the sell form lists them. */
  readonly districts: readonly District[];
}

/** States first, then union territories, each in alphabetical order. */
export const STATES: readonly State[] = /* @__PURE__ */ buildStates();

function buildStates(): readonly State[] {
  return Object.freeze(
    STATE_DATA.map((state) =>
      Object.freeze({
        slug: state.slug,
        name: state.name,
        kind: state.kind,
        districts: Object.freeze(state.districts.map(([slug, name]) => Object.freeze({ slug, name }))),
      }),
    ),
  );
}

/** The state with this slug (exactly), as the sell form's select sends it. */
export function stateBySlug(slug: string): State | undefined {
  return STATES.find((state) => state.slug === slug);
}

/**
 * Place names in a page's language for the sell form's selects: on a Hindi page the loader sends
 * each state's name and its districts' names by slug (index.ts, placeNamesIn), so the Hindi table
 * travels only with Hindi pages' data. Absent: the English names above.
 */
export type PlaceNames = Readonly<Record<StateSlug, readonly [state: string, districts: Readonly<Record<DistrictSlug, string>>]>>;
