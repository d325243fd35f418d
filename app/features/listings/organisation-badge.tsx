/**
 * "FPO verified by Mandi" or "Trader licence verified by Mandi" (decision 061): staff checked the
 * seller's registration or licence number. Plain text drawn on the server, on a listing's page and
 * a seller's page (route modules the home page does not load).
 */
import type { OrganisationKind } from "../../../core/accounts/organisation";
import { useI18n } from "../i18n/i18n";

export function OrganisationBadge({ kind }: { kind: OrganisationKind }) {
  const { t } = useI18n();
  return (
    <span className="inline-flex items-center rounded-full bg-sky-100 px-2 py-0.5 text-sm font-semibold text-sky-900">
      {t(kind === "fpo" ? "organisation.fpo" : "organisation.trader")}
    </span>
  );
}
