import { describe, expect, it } from "vitest";
import { shortName } from "./short-name";

describe("shortName", () => {
  it("is the first word of the name, in any script", () => {
    expect(shortName("Sunita Devi")).toBe("Sunita");
    expect(shortName("  सुनीता   देवी ")).toBe("सुनीता");
    expect(shortName("Ram")).toBe("Ram");
  });

  it("cuts a very long first word between whole letters, never inside a conjunct", () => {
    expect(shortName("Venkatasubramanian Iyer")).toBe("Venkatasubr…");
    const long = "श्रीकृष्णचन्द्रप्रकाशनारायणसिंह";
    const cut = shortName(long);
    expect(cut.endsWith("…")).toBe(true);
    // What is kept is a prefix of the word, and does not end on a virama (्) with its consonant gone.
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1)).not.toMatch(/\u094D$/);
  });
});
