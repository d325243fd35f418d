import { z } from "zod";
import { pageNumber, searchParamsToObject } from "../../core/shared/form-fields";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import { noFormsForStaff, staffOnly } from "../../server/route-helpers/staff-only";
import { AdminNav } from "../features/moderation/admin-nav";
import { AuditList } from "../features/moderation/audit-list";
import { Pagination } from "../components/ui/pagination";
import type { Route } from "./+types/admin.audit";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaI18n(matches).t("admin.auditTitle") }];

const pageSchema = z.object({ page: pageNumber });

/** Every moderator action, newest first; admins only, and nothing here changes it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await staffOnly(context, { admin: true });
  const { page } = pageSchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  return orErrorPage(() => context.services.moderation.auditLog({ actor: user, page }));
}

/** No forms here; to anyone but staff this address does not exist, whatever the method. */
export const action = ({ context }: Route.ActionArgs) => noFormsForStaff(context, { admin: true });

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount } = loaderData;
  const { t } = useI18n();
  return (
    <div className="page max-w-4xl py-6">
      <h1 className="mb-3 text-2xl font-bold">{t("admin.title")}</h1>
      <AdminNav admin />
      <h2 className="section-title mb-2">{t("admin.audit")}</h2>
      <p className="mb-3 text-stone-700">{t(total === 1 ? "admin.entriesOne" : "admin.entriesMany", { count: total })}</p>
      <AuditList entries={entries} />
      <Pagination page={page} pageCount={pageCount} search={new URLSearchParams()} />
    </div>
  );
}
