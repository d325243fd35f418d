/**
 * Which produce a listing is compared with, as the sell form shows it while the seller types: their
 * choice ("Compared with" select) when they made one, else what the name says (decision 019). The
 * server decides the same way on save (core/catalogue/listing-produce.ts).
 */
import { resolveCategory } from "./categories";
import { matchProduce, NO_PRODUCE, produceById, type Produce } from "./produce";

export interface ComparedProduce {
  /** The produce compared with; undefined for none. */
  produce: Produce | undefined;
  /** Whether the seller chose it (or chose none); false when read from the name. */
  chosen: boolean;
  /** What the name alone reads as, to name in the select's first option. */
  fromName: Produce | undefined;
}

export function comparedProduce(fields: { name: string; category: string; choice: string }): ComparedProduce {
  const fromName = fields.name.trim() ? matchProduce(fields.name, resolveCategory(fields.category)) : undefined;
  if (fields.choice === NO_PRODUCE) return { produce: undefined, chosen: true, fromName };
  const chosen = produceById(fields.choice);
  if (chosen) return { produce: chosen, chosen: true, fromName };
  return { produce: fromName, chosen: false, fromName };
}
