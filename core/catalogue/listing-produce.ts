/**
 * Which produce a listing is compared with (decision 019), as its row keeps it: the seller's
 * choice when they made one, else what its name says (core/catalogue/price-context reads both).
 * Used on every save and by the backfill of listings saved before.
 */
import { comparedProduce } from "./price-context";

export function produceColumns(fields: { name: string; category: string; produceChoice: string | null }): {
  produce_id: string | null;
  produce_source: "auto" | "seller";
} {
  // On save the server reads a name in any of the twelve languages (produce-names.ts).
  const compared = comparedProduce(
    { name: fields.name, category: fields.category, choice: fields.produceChoice ?? "" },
    { otherLanguages: true },
  );
  return { produce_id: compared.produce?.id ?? null, produce_source: compared.chosen ? "seller" : "auto" };
}
