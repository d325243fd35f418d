import { NavLink } from "react-router";
import { useI18n } from "../i18n/i18n";

/** The back office's own menu; the audit log and failed jobs are for admins only. */
export function AdminNav({ admin }: { admin: boolean }) {
  const { t } = useI18n();
  const links = [
    { to: "/admin", label: t("admin.reports"), end: true },
    { to: "/admin/people", label: t("admin.people"), end: false },
    ...(admin
      ? [
          { to: "/admin/audit", label: t("admin.audit"), end: false },
          { to: "/admin/jobs", label: t("failedJobs.nav"), end: false },
        ]
      : []),
  ];
  return (
    <nav aria-label={t("admin.nav")} className="mb-4 flex flex-wrap gap-2 border-b border-stone-200 pb-3">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            `rounded-lg px-3 py-2 font-semibold ${isActive ? "bg-brand-700 text-white" : "bg-stone-100 text-stone-800 hover:bg-stone-200"}`
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
