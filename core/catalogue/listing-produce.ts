/**
 * Which produce a listing is compared with (decision 019): the seller's choice when they made one,
 * else what its name says. Used on every save and by the backfill of listings saved before.
 */
import { type CategorySlug, resolveCategory } from "./categories";
import { matchProduce, NO_PRODUCE } from "./produce";

export function produceColumns(fields: { name: string; category: string; produceChoice: string | null }): { produce_id: string | null; produce_source: "auto" | "seller" } {
  if (fields.produceChoice) return { produce_id: fields.produceChoice === NO_PRODUCE ? null : fields.produceChoice, produce_source: "seller" };
  const category: CategorySlug | undefined = resolveCategory(fields.category);
  return { produce_id: matchProduce(fields.name, category)?.id ?? null, produce_source: "auto" };
}
