import { formatIndianNumber } from "../shared/numbers";

/**
 * A count as pages show it: Indian digit grouping in both languages ("1,25,000"), and "+" when
 * counting stopped at MAX_COUNTED_MATCHES and there are more (decision 017).
 */
export function formatCount(count: number, moreThan = false): string {
  return `${formatIndianNumber(count, { maxFractionDigits: 0 })}${moreThan ? "+" : ""}`;
}
