import { formatShortDate } from "../../core/dates";
import { useI18n } from "./i18n";

export interface AuditListEntry {
  id: number;
  at: number;
  actorName: string;
  action: string;
  targetType: "listing" | "person";
  targetLabel: string;
  reason: string | null;
}

const ACTIONS = new Set(["hide", "restore", "dismiss", "ban", "unban", "role:moderator", "role:person", "role:admin"]);

/**
 * What a ban or an unban adds to the log's reason (server/moderation/moderation.service.ts writes
 * it in English, and the log is never rewritten): worded here in the page's language.
 */
const BAN_SUFFIX = /^([\s\S]*) \((\d+) listing\(s\) hidden\)$/;
const UNBAN_NOTE = /^(\d+) listing\(s\) shown again$/;

function AuditReason({ reason }: { reason: string }) {
  const { t } = useI18n();
  const ban = BAN_SUFFIX.exec(reason);
  if (ban) return <>{`${ban[1]} (${t("admin.listingsHidden", { count: ban[2]! })})`}</>;
  const unban = UNBAN_NOTE.exec(reason);
  if (unban) return <>{t("admin.listingsShown", { count: unban[1]! })}</>;
  return <>{reason}</>;
}

/** "14:05", India Standard Time (UTC+5:30, no daylight saving). */
const istTime = (at: number) => new Date(at + 5.5 * 3_600_000).toISOString().slice(11, 16);

/** Moderator actions, newest first: who, what, when and why (read-only; the log is append-only). */
export function AuditList({ entries }: { entries: AuditListEntry[] }) {
  const { lang, t } = useI18n();
  if (!entries.length) return <p className="text-stone-700">{t("admin.nothingYet")}</p>;
  return (
    <ol className="space-y-2">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-stone-200 bg-white p-3 [overflow-wrap:anywhere]">
          <p>
            <time dateTime={new Date(entry.at).toISOString()} className="text-sm text-stone-600">
              {formatShortDate(entry.at, lang)} {istTime(entry.at)} {t("admin.ist")}
            </time>{" "}
            <span className="font-semibold">{entry.actorName}</span> {ACTIONS.has(entry.action) ? t(`admin.actions.${entry.action as "hide"}`) : entry.action} {entry.targetType === "listing" ? t("admin.theListing") : ""}{" "}
            <span className="font-semibold">{entry.targetLabel}</span>
          </p>
          {entry.reason ? (
            <p className="mt-1 text-stone-700">
              <AuditReason reason={entry.reason} />
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
