import { formatShortDate } from "../../core/dates";

export interface AuditListEntry {
  id: number;
  at: number;
  actorName: string;
  action: string;
  targetType: "listing" | "person";
  targetLabel: string;
  reason: string | null;
}

const ACTIONS: Record<string, string> = {
  hide: "hid",
  restore: "restored",
  dismiss: "dismissed the reports of",
  ban: "banned",
  unban: "lifted the ban on",
  "role:moderator": "made a moderator:",
  "role:person": "removed the staff role of",
  "role:admin": "made an admin:",
};

/** "14:05", India Standard Time (UTC+5:30, no daylight saving). */
const istTime = (at: number) => new Date(at + 5.5 * 3_600_000).toISOString().slice(11, 16);

/** Moderator actions, newest first: who, what, when and why (read-only; the log is append-only). */
export function AuditList({ entries }: { entries: AuditListEntry[] }) {
  if (!entries.length) return <p className="text-stone-700">Nothing yet.</p>;
  return (
    <ol className="space-y-2">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-stone-200 bg-white p-3 [overflow-wrap:anywhere]">
          <p>
            <time dateTime={new Date(entry.at).toISOString()} className="text-sm text-stone-600">
              {formatShortDate(entry.at)} {istTime(entry.at)} IST
            </time>{" "}
            <span className="font-semibold">{entry.actorName}</span> {ACTIONS[entry.action] ?? entry.action} {entry.targetType === "listing" ? "the listing" : ""}{" "}
            <span className="font-semibold">{entry.targetLabel}</span>
          </p>
          {entry.reason ? <p className="mt-1 text-stone-700">{entry.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}
