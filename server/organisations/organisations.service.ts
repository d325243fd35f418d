/**
 * An organisation badge (issue 43, item 5; decision 061): a seller enters their FPO registration
 * number or mandi trader's licence number on /my/account; a moderator or an admin approves it or
 * refuses it with a reason on /admin/people, written to the audit log with the decision; once
 * approved, the listing's and the seller's pages say "FPO verified by Mandi" (or "Trader licence
 * verified by Mandi"). A new number replaces the old one, badge and all, until it is checked.
 */
import type { Kysely } from "kysely";
import { requireActor, type Actor } from "../../core/accounts/policies";
import type { OrganisationKind } from "../../core/accounts/organisation";
import { ORGANISATION_MESSAGES } from "../../core/accounts/organisation-forms";
import { isStaff, type Role } from "../../core/accounts/roles";
import { AppError } from "../../core/shared/app-error";
import type { Database, ModerationAuditTable } from "../db/schema";
import type { OrganisationsRepository, PendingOrganisation, SellerOrganisation } from "./organisations.repository";

/** Most numbers the back office lists at once. */
const PENDING_SHOWN = 200;
const NOT_FOUND = "We could not find that page.";

export function createOrganisationsService(deps: {
  repository: OrganisationsRepository;
  /** Writes an audit entry in the decision's transaction (the moderation log, decision 014). */
  appendAudit: (entry: Omit<ModerationAuditTable, "id">, within: Kysely<Database>) => Promise<void>;
  now?: () => number;
}) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;

  /** Staff only; to anyone else this part of the back office does not exist. */
  function requireStaff(actor: { id: string; name: string; role: Role } | null): asserts actor is { id: string; name: string; role: Role } {
    if (!actor || !isStaff(actor.role)) throw new AppError("NOT_FOUND", NOT_FOUND);
  }

  return {
    /** The seller's own number and where it stands (the account page). */
    async mine(actor: Actor | null): Promise<SellerOrganisation | null> {
      requireActor(actor);
      return repository.find(actor.id);
    },

    /** The seller sends a number (already checked by organisationNumber): it waits for staff; the same number already approved stays approved. */
    async submit(input: { actor: Actor | null; kind: OrganisationKind; number: string }): Promise<void> {
      requireActor(input.actor);
      const current = await repository.find(input.actor.id);
      if (current && current.status !== "refused" && current.kind === input.kind && current.number === input.number) return;
      await repository.submit(input.actor.id, { kind: input.kind, number: input.number }, now());
    },

    /** Numbers waiting for staff, oldest first. */
    async listPending(input: { actor: { id: string; name: string; role: Role } | null }): Promise<PendingOrganisation[]> {
      requireStaff(input.actor);
      return repository.listPending(PENDING_SHOWN);
    },

    /**
     * A moderator's or an admin's decision on the number shown to them (`number`: a number the
     * seller replaced meanwhile is not decided). A refusal needs a reason, which the seller reads.
     * One transaction with its audit entry.
     */
    async decide(input: {
      actor: { id: string; name: string; role: Role } | null;
      userId: string;
      number: string;
      decision: "approve" | "refuse";
      reason: string | null;
    }): Promise<void> {
      requireStaff(input.actor);
      const actor = input.actor;
      if (input.decision === "refuse" && !input.reason)
        throw new AppError("BAD_INPUT", ORGANISATION_MESSAGES.giveRefusalReason, { field: "reason" });
      const [waiting] = input.userId.length <= 64 ? await repository.listPending(1, input.userId) : [];
      const at = now();
      const decided =
        waiting !== undefined &&
        (await repository.decide(
          input.userId,
          input.number,
          { status: input.decision === "approve" ? "approved" : "refused", at, reason: input.decision === "refuse" ? input.reason : null },
          (trx) =>
            deps.appendAudit(
              {
                at,
                actor_id: actor.id,
                actor_name: actor.name,
                action: input.decision === "approve" ? "approve-organisation" : "refuse-organisation",
                target_type: "person",
                target_id: input.userId,
                target_label: waiting.email,
                // The number decided (the action says which decision), then a refusal's reason: no words of ours to translate.
                reason: input.reason ? `${input.number}: ${input.reason}` : input.number,
              },
              trx,
            ),
        ));
      if (!decided) throw new AppError("CONFLICT", ORGANISATION_MESSAGES.notPending);
    },

    /** The badge buyers see on a seller's listing and page, if staff approved their number. */
    badgeOf: (sellerId: string): Promise<OrganisationKind | null> => repository.approvedKind(sellerId),
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
