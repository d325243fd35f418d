import { describe, expect, it } from "vitest";
import { workerExecArgv } from "./start-workers";

const limits = { heapMb: 160, semiSpaceMb: 4 };

describe("the flags each worker is forked with (issue 27, decisions 035 and 041)", () => {
  it("adds the heap limit and the young generation's size to the primary's own flags", () => {
    expect(workerExecArgv(["--enable-source-maps"], undefined, limits)).toEqual([
      "--enable-source-maps",
      "--max-old-space-size=160",
      "--max-semi-space-size=4",
    ]);
  });

  it("leaves either to the operator who gave it, on the command line or in NODE_OPTIONS, spelt with dashes or underscores", () => {
    expect(workerExecArgv(["--max-semi-space-size=16"], undefined, limits)).toEqual([
      "--max-semi-space-size=16",
      "--max-old-space-size=160",
    ]);
    expect(workerExecArgv([], "--max_old_space_size=512 --trace-gc", limits)).toEqual(["--max-semi-space-size=4"]);
    expect(workerExecArgv([], "--max-old-space-size=512 --max-semi-space-size=8", limits)).toEqual([]);
  });
});
