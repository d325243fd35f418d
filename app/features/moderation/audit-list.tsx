import { formatShortDate, indiaTimeOfDay } from "../../../core/shared/dates";
import { SYSTEM_ACTORS } from "../../../core/moderation/moderation";
import { roleOf } from "../../../core/accounts/roles";
import { useI18n, type I18n, type UiKey } from "../i18n/i18n";

export interface AuditListEntry {
  id: number;
  at: number;
  actorId: string | null;
  actorName: string;
  action: string;
  targetType: "listing" | "person" | "phone";
  targetLabel: string;
  reason: string | null;
}

const ACTIONS = new Set([
  "hide",
  "restore",
  "dismiss",
  "ban",
  "unban",
  "role:moderator",
  "role:person",
  "role:admin",
  "block-phone",
  "unblock-phone",
  "approve-organisation",
  "refuse-organisation",
]);

/**
 * What the system adds to or writes as the log's reason (server/moderation/moderation.service.ts
 * writes it in English, and the log is never rewritten): worded here in the page's language.
 */
const BAN_SUFFIX = /^([\s\S]*) \((\d+) listing\(s\) hidden\)$/;
/** A number blocked by scam reports (decision 056): how many people, and how many listings it hid. */
const PHONE_BLOCKED = /^Reported for scams by (\d+) different people \((\d+) listing\(s\) hidden\)$/;
const ROLE_WAS = /^was (person|moderator|admin)$/;
/** Reasons the system writes in place of a note, each for one kind of entry, and the count in them. */
const SYSTEM_REASONS = [
  { pattern: /^(\d+) listing\(s\) shown again$/, of: (entry: AuditListEntry) => entry.action === "unban", key: "listingsShown" },
  { pattern: /^(\d+) report\(s\) dismissed$/, of: (entry: AuditListEntry) => entry.action === "dismiss", key: "reportsDismissed" },
  {
    pattern: /^Reported by (\d+) different people$/,
    of: (entry: AuditListEntry) => entry.action === "hide" && entry.actorId === null,
    key: "hiddenByReports",
  },
] as const;

/** "…One" for a count of 1, "…Many" otherwise. */
const counted = (count: string, key: "listingsHidden" | (typeof SYSTEM_REASONS)[number]["key"]): UiKey =>
  `admin.${key}${count === "1" ? "One" : "Many"}`;

function AuditReason({ entry, reason }: { entry: AuditListEntry; reason: string }) {
  const { t } = useI18n();
  const blocked = entry.action === "block-phone" ? PHONE_BLOCKED.exec(reason) : null;
  if (blocked)
    return (
      <>{`${t("admin.phoneReportedBy", { count: blocked[1]! })} (${t(counted(blocked[2]!, "listingsHidden"), { count: blocked[2]! })})`}</>
    );
  const ban = entry.action === "ban" ? BAN_SUFFIX.exec(reason) : null;
  if (ban) return <>{`${ban[1]} (${t(counted(ban[2]!, "listingsHidden"), { count: ban[2]! })})`}</>;
  for (const { pattern, of, key } of SYSTEM_REASONS) {
    const count = of(entry) ? pattern.exec(reason)?.[1] : undefined;
    if (count) return <>{t(counted(count, key), { count })}</>;
  }
  const role = entry.action.startsWith("role:") ? ROLE_WAS.exec(reason) : null;
  if (role) return <>{t("admin.roleWas", { role: t(`peoplePage.role.${roleOf(role[1])}`) })}</>;
  return <>{reason}</>;
}

/** Who acted: a person's name as it was, or the system's, in the page's language. */
function actorName(entry: AuditListEntry, t: I18n["t"]): string {
  if (entry.actorId !== null) return entry.actorName;
  if (entry.actorName === SYSTEM_ACTORS.automatic) return t("admin.actor.automatic");
  if (entry.actorName === SYSTEM_ACTORS.commandLine) return t("admin.actor.commandLine");
  return entry.actorName;
}

/** Marks the catalogue's sentence is cut at, where the names go in (in bold). */
const ACTOR = "\u0001";
const TARGET = "\u0002";

/** "Anita hid the listing Toor Dal": the action's sentence, in the order of the page's language, with the names in bold. */
function ActionSentence({ entry }: { entry: AuditListEntry }) {
  const { t } = useI18n();
  const sentence = ACTIONS.has(entry.action)
    ? t(`admin.actions.${entry.action as "hide"}`, { actor: ACTOR, target: TARGET })
    : `${ACTOR} ${entry.action} ${TARGET}`;
  return (
    <>
      {sentence.split(/([\u0001\u0002])/).map((piece, i) =>
        piece === ACTOR ? (
          <span key={i} className="font-semibold">
            {actorName(entry, t)}
          </span>
        ) : piece === TARGET ? (
          <span key={i} className="font-semibold">
            {entry.targetLabel}
          </span>
        ) : (
          piece
        ),
      )}
    </>
  );
}

/** "14:05", India Standard Time (UTC+5:30, no daylight saving). */

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
              {formatShortDate(entry.at, lang)} {indiaTimeOfDay(entry.at)} {t("admin.ist")}
            </time>{" "}
            <ActionSentence entry={entry} />
          </p>
          {entry.reason ? (
            <p className="mt-1 text-stone-700">
              <AuditReason entry={entry} reason={entry.reason} />
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
