/**
 * An organisation badge's kinds and the number's bounds (decision 061), apart from the form's
 * schema (organisation-forms.ts) so a page's script can read them without zod.
 */
export const ORGANISATION_KINDS = ["fpo", "trader"] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

export const ORGANISATION_NUMBER_MIN = 4;
export const ORGANISATION_NUMBER_MAX = 40;
