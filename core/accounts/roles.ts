/** Staff roles (decision 014): who may moderate, and who may grant the moderator role. */
/** "person" is everyone; staff are moderators and admins. */
export const ROLES = ["person", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** A role read from storage; anything unknown counts as a person (never as staff). */
export function roleOf(value: unknown): Role {
  return value === "moderator" || value === "admin" ? value : "person";
}

/** Moderators and admins work the report queue, hide and restore listings, ban and unban. */
export function isStaff(role: Role | null | undefined): boolean {
  return role === "moderator" || role === "admin";
}

/** Only admins grant and revoke the moderator role, and read the audit log. */
export function isAdmin(role: Role | null | undefined): boolean {
  return role === "admin";
}

export const ROLE_LABELS: Record<Role, string> = { person: "Person", moderator: "Moderator", admin: "Admin" };
