/**
 * The capability zones of eslint.config.js (decision 047) refuse what they say they refuse: each
 * case lints a file that is not on disk, at a path inside a capability, that imports a real module
 * of another. ESLint runs as `npm run lint` runs it, with the project's own configuration.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "import-x/no-restricted-paths").map((message) => message.message);
}

describe("capability zones", () => {
  it("refuse a core/ capability importing another that is neither a foundation nor declared", async () => {
    const errors = await zoneErrors(
      "core/prices/zone-probe.ts",
      'import { describeSavedQuery } from "../alerts/saved-search";\nexport const probe = describeSavedQuery;\n',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("core/prices/ may import only");
  });

  it("let a core/ capability import the foundations and its declared edges", async () => {
    const foundations = await zoneErrors(
      "core/prices/zone-probe.ts",
      'import { cleanText } from "../shared/text";\nimport { formatRupees } from "../money/money";\nimport { matchProduce } from "../catalogue/produce";\nexport const probe = [cleanText, formatRupees, matchProduce];\n',
    );
    expect(foundations).toEqual([]);
    const declared = await zoneErrors(
      "core/alerts/zone-probe.ts",
      'import { browseQuerySchema } from "../search/search-query";\nexport const probe = browseQuerySchema;\n',
    );
    expect(declared).toEqual([]);
  });

  it("keep core/shared/ at the bottom", async () => {
    const errors = await zoneErrors(
      "core/shared/zone-probe.ts",
      'import { formatRupees } from "../money/money";\nexport const probe = formatRupees;\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("refuse an app feature importing another feature it does not compose", async () => {
    const errors = await zoneErrors(
      "app/features/prices/zone-probe.ts",
      'import { ListingCard } from "../listings/listing-card";\nexport const probe = ListingCard;\n',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("app/features/prices/ may import only");
    const composed = await zoneErrors(
      "app/features/sell/zone-probe.ts",
      'import { MspNote } from "../prices/msp-note";\nexport const probe = MspNote;\n',
    );
    expect(composed).toEqual([]);
  });

  it("refuse a UI primitive importing a feature", async () => {
    const errors = await zoneErrors(
      "app/components/ui/zone-probe.ts",
      'import { ListingCard } from "../../features/listings/listing-card";\nexport const probe = ListingCard;\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("still hold the layers for tests", async () => {
    const errors = await zoneErrors(
      "core/prices/zone-probe.test.ts",
      'import { loadConfig } from "../../server/config";\nexport const probe = loadConfig;\n',
    );
    expect(errors).toHaveLength(1);
  });
});
