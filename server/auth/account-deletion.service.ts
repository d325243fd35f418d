/**
 * Deleting one's account (India's DPDP Act, section 12: the right to erasure; decision 012).
 * Everything Mandi keeps about the person goes: the user row, sessions, the password hash,
 * verification tokens, failed sign-ins counted for their email, their listings with every photo
 * (rows and all stored variants), and their unfinished uploads (rows and the tus files).
 *
 * The rows go in one transaction, so a failure leaves the account as it was. The files go after
 * the commit: a file that cannot be removed is logged and never blocks the deletion. A photo
 * variant left that way is removed by the start-up sweep (server/media/photo-leftovers.ts),
 * which takes any variant no listing_photo row refers to.
 */
import type { Kysely } from "kysely";
import { IMAGE_WIDTHS } from "../../core/shared/constants";
import { imageVariantKey } from "../../core/uploads/images";
import { requireActor } from "../../core/accounts/policies";
import type { Database } from "../db/schema";
import type { ListingsRepository } from "../listings/listings.repository";
import type { Logger } from "../logger";
import type { Storage } from "../media/storage";
import type { SavedListingsRepository } from "../saved-listings/saved-listings.repository";
import type { UploadDatastore } from "../uploads/tus-datastore";
import type { UploadsRepository } from "../uploads/uploads.repository";
import type { SavedSearchesRepository } from "../alerts/saved-searches.repository";
import type { JobQueue } from "../jobs/job-queue";
import { isMissing } from "../uploads/uploads.service";
import type { AccountsRepository } from "./accounts.repository";
import type { AccountsService, SessionUser } from "./accounts.service";

export function createAccountDeletionService(deps: {
  db: Kysely<Database>;
  accounts: Pick<AccountsService, "confirmPassword" | "signOut">;
  accountsRepository: Pick<AccountsRepository, "deletePerson">;
  listingsRepository: Pick<ListingsRepository, "deleteBySeller">;
  uploadsRepository: Pick<UploadsRepository, "deleteForOwner">;
  /** Their saved listings (decision 023); optional so older callers keep working. */
  savedListingsRepository?: Pick<SavedListingsRepository, "deleteForUser">;
  storage: Storage;
  uploadDatastore: Pick<UploadDatastore, "remove">;
  /** Saved searches, what they found, push subscriptions and queued alert jobs (decision 022). */
  savedSearches?: Pick<SavedSearchesRepository, "deleteForUser">;
  /** Their queued jobs, whichever driver keeps them (decision 028). */
  jobs?: Pick<JobQueue, "removeForUser">;
  logger: Logger;
  now?: () => number;
}) {
  const { db, accounts, logger } = deps;
  const now = deps.now ?? Date.now;

  async function removePhotoFiles(imageKeys: readonly string[]): Promise<void> {
    if (!imageKeys.length) return;
    const keys = imageKeys.flatMap((key) => IMAGE_WIDTHS.map((width) => imageVariantKey(key, width)));
    await deps.storage.delete(keys).catch((error: unknown) => logger.error({ err: error, keys }, "photo cleanup failed"));
  }

  async function removeUploadFiles(uploadIds: readonly string[]): Promise<void> {
    for (const id of uploadIds) {
      await deps.uploadDatastore.remove(id).catch((error: unknown) => {
        // Already gone (never written, or a cancel that raced us) is what we wanted anyway.
        if (!isMissing(error)) logger.error({ err: error, uploadId: id }, "upload cleanup failed");
      });
    }
  }

  return {
    /**
     * Deletes the signed-in person's account once `password` proves it is them. Returns the
     * headers that clear their session cookie.
     */
    async deleteAccount(input: { actor: SessionUser | null; password: string; requestHeaders: Headers }): Promise<Headers> {
      const { actor } = input;
      requireActor(actor);
      await accounts.confirmPassword({ email: actor.email, password: input.password }, input.requestHeaders);

      const removed = await db.transaction().execute(async (trx) => {
        await deps.savedSearches?.deleteForUser(actor.id, trx);
        // Before the listings: it finds the jobs that name them.
        await deps.jobs?.removeForUser(actor.id, trx);
        const imageKeys = await deps.listingsRepository.deleteBySeller(actor.id, now(), trx);
        const uploadIds = await deps.uploadsRepository.deleteForOwner(actor.id, trx);
        await deps.savedListingsRepository?.deleteForUser(actor.id, trx);
        await deps.accountsRepository.deletePerson({ id: actor.id, email: actor.email }, trx);
        return { imageKeys, uploadIds };
      });
      // Ids and counts only: the person's name, email and phone are not kept, not even in the log.
      logger.info({ userId: actor.id, photos: removed.imageKeys.length, uploads: removed.uploadIds.length }, "account deleted");

      await removePhotoFiles(removed.imageKeys);
      await removeUploadFiles(removed.uploadIds);
      return accounts.signOut(input.requestHeaders);
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
