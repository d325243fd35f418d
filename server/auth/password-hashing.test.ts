import { describe, expect, it } from "vitest";
import { hashPassword } from "better-auth/crypto";
import { createTurns, passwordHashing } from "./password-hashing";

describe("password hashing, one at a time (issue 27, decision 041)", () => {
  it("runs each piece of work after the one before has settled, in order, a failure holding up nothing", async () => {
    const turns = createTurns();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number) => async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      running--;
      if (n === 2) throw new Error("wrong");
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => turns(work(n))));
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "failed"))).toEqual([1, "failed", 3, 4]);
  });

  it("hashes and checks with better-auth's own scrypt", async () => {
    const hash = await passwordHashing.hash("correct-horse-battery");
    expect(await passwordHashing.verify({ hash, password: "correct-horse-battery" })).toBe(true);
    expect(await passwordHashing.verify({ hash, password: "wrong-horse-battery" })).toBe(false);
    // better-auth's hashes from before still verify.
    expect(await passwordHashing.verify({ hash: await hashPassword("old-password-1"), password: "old-password-1" })).toBe(true);
  });

  it("holds one hash's memory at a time, not one per thread, when four sign-ins arrive together", async () => {
    const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
    // Warmed: the first hash maps what scrypt needs once and for all.
    await passwordHashing.hash("warm-up-password");
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 1);
    await Promise.all(["a", "b", "c", "d"].map((p) => passwordHashing.hash(`password-${p}-123`)));
    clearInterval(sampler);
    // scrypt at better-auth's settings takes 32 MB a hash: four at once would be 128 MB.
    expect(peak - before).toBeLessThan(64);
  });
});
