/**
 * Password hashing, one at a time in each process (issue 27, decision 041). better-auth hashes with
 * scrypt (N = 16384, r = 16): 32 MB of memory for each hash, on libuv's threads, four at once by
 * default. Four sign-ins, sign-ups or password changes arriving together took a worker 128 MB over
 * its budget for the tenth of a second they took; one at a time, at most 32 MB. The hash itself,
 * and its strength, are better-auth's own; only when each starts changes.
 */
import { hashPassword, verifyPassword } from "better-auth/crypto";

/** Runs each `work` given to it once the one before has settled, in the order given; a failure does not hold up the next. */
export function createTurns(): <R>(work: () => Promise<R>) => Promise<R> {
  let previous: Promise<unknown> = Promise.resolve();
  return (work) => {
    const turn = previous.then(work);
    previous = turn.catch(() => undefined);
    return turn;
  };
}

/** Hashing and checking share one line: both cost the same 32 MB. */
const inTurn = createTurns();

/** better-auth's `emailAndPassword.password`. */
export const passwordHashing = {
  hash: (password: string) => inTurn(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => inTurn(() => verifyPassword(data)),
};
