/**
 * Keys for the public API (decision 032): optional, made on /my/account, sent as `X-Api-Key`; a
 * key's requests are counted by the key, under a higher limit than an address's. A key is shown
 * once, when it is made; only its hash is kept. Revoking one takes effect at the next request.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { AppError } from "../../core/shared/app-error";
import { requireActor, type Actor } from "../../core/accounts/policies";
import type { ApiKeysRepository, ApiKeySummary } from "./api-keys.repository";

/** Keys one person may hold at once. */
export const MAX_API_KEYS = 3;
const KEY_PREFIX = "mandi_";
/** `mandi_` and 43 base64url characters (256 random bits). */
export const API_KEY_PATTERN = /^mandi_[\w-]{43}$/;

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

export function createApiKeysService(deps: { repository: ApiKeysRepository; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const { repository } = deps;
  return {
    async list(actor: Actor | null | undefined): Promise<ApiKeySummary[]> {
      requireActor(actor);
      return repository.listActive(actor.id);
    },

    /** A new key for the person: the key itself is in the answer, and nowhere else after it. */
    async create(actor: Actor | null | undefined): Promise<ApiKeySummary & { key: string }> {
      requireActor(actor);
      // A key's limits are counted per account (decision 046): only an address someone verified makes one.
      if (!(await repository.isEmailVerified(actor.id)))
        throw new AppError(
          "FORBIDDEN",
          "Verify your email address before making an API key: open the link we sent to it, then come back here.",
        );
      const key = KEY_PREFIX + randomBytes(32).toString("base64url");
      const summary = { id: randomUUID(), prefix: key.slice(0, KEY_PREFIX.length + 6), createdAt: now() };
      if (!(await repository.insert({ ...summary, userId: actor.id, keyHash: hashOf(key) }, MAX_API_KEYS))) {
        throw new AppError("BAD_INPUT", `You can keep ${MAX_API_KEYS} API keys at once. Please revoke one you no longer use first.`);
      }
      return { ...summary, key };
    },

    async revoke(actor: Actor | null | undefined, id: string): Promise<void> {
      requireActor(actor);
      if (!(await repository.revoke(actor.id, id, now())))
        throw new AppError("NOT_FOUND", "We could not find that API key. It may have been revoked already.");
    },

    /** The key's account when `key` is a key not revoked; undefined otherwise. */
    async check(key: string): Promise<{ keyId: string; accountId: string } | undefined> {
      if (!API_KEY_PATTERN.test(key)) return undefined;
      const found = await repository.findActiveByHash(hashOf(key));
      return found && { keyId: found.id, accountId: found.userId };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
