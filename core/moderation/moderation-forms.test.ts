import { describe, expect, it } from "vitest";
import { personModerationSchema } from "./moderation-forms";

describe("personModerationSchema", () => {
  it("takes a person's id as better-auth makes it, and refuses one with a NUL (a 500 on PostgreSQL) or other characters", () => {
    expect(personModerationSchema.safeParse({ intent: "unban", personId: "yXhne4voELIjR1UoPZRIqBPB6dlLsQ3w" }).success).toBe(true);
    for (const personId of ["a\u0000b", "\u0000", "", "a b", "x".repeat(65), "<q7x>"]) {
      for (const intent of ["ban", "unban", "role"]) {
        const parsed = personModerationSchema.safeParse({ intent, personId, reason: "Spam listings", role: "moderator" });
        expect(parsed.success, `${intent} ${JSON.stringify(personId)}`).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe("Please send the form again from the page.");
      }
    }
  });
});
