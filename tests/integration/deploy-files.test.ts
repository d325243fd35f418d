/**
 * The deployment files an operator copies (decision 055): the systemd unit, checked by systemd's
 * own verifier; the container recipe, read instruction by instruction (this machine has no
 * container engine), against the README's commands and the unit; and the operations guide, which
 * points to these files rather than keeping copies of them. The nginx site is run for real by
 * tests/multi-instance/trusted-proxy.test.ts.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(path.resolve(file), "utf8");
const UNIT = "deploy/systemd/mandi@.service";
/** The Node major the runtime is (decision 055). */
const NODE_MAJOR = 24;

/** The unit's `Key=value` lines, last one winning. */
function unitSettings(): Map<string, string> {
  return new Map(
    read(UNIT)
      .split("\n")
      .filter((line) => /^\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const),
  );
}

/** The Dockerfile's instructions, continuation lines joined and comments left out. */
function dockerInstructions(): Array<{ instruction: string; args: string }> {
  const joined = read("Dockerfile")
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const [, instruction = "", args = ""] = /^\s*(\S+)\s*(.*)$/.exec(line)!;
      return { instruction: instruction.toUpperCase(), args: args.trim() };
    });
}

describe("the systemd unit", () => {
  it("passes systemd-analyze verify without a word", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mandi-unit-"));
    try {
      // An instance of the template, as `systemctl start mandi@3001` makes.
      const instance = path.join(dir, "mandi@3001.service");
      copyFileSync(UNIT, instance);
      const verified = spawnSync("systemd-analyze", ["verify", instance], { encoding: "utf8" });
      expect(verified.error, "systemd-analyze is needed (apt-get install -y systemd)").toBeUndefined();
      expect(`${verified.stdout}${verified.stderr}`.trim()).toBe("");
      expect(verified.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs the build's server and gives it longer to drain than the app takes (SHUTDOWN_GRACE_MS and closing)", () => {
    const unit = unitSettings();
    expect(unit.get("ExecStart")).toBe("/usr/bin/node build/server/index.js");
    expect(unit.get("KillSignal")).toBe("SIGTERM");
    expect(Number(unit.get("TimeoutStopSec")) * 1000).toBeGreaterThan(10_000 + 1_500);
  });
});

describe("the container recipe", () => {
  const KNOWN = new Set([
    "FROM",
    "WORKDIR",
    "COPY",
    "RUN",
    "ENV",
    "USER",
    "EXPOSE",
    "HEALTHCHECK",
    "CMD",
    "VOLUME",
    "STOPSIGNAL",
    "ARG",
    "LABEL",
  ]);

  it("parses into known instructions, on Node 24 LTS in every stage", () => {
    const instructions = dockerInstructions();
    for (const { instruction } of instructions) expect(KNOWN, `unknown instruction ${instruction}`).toContain(instruction);
    const stages = instructions.filter((i) => i.instruction === "FROM").map((i) => i.args);
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage).toMatch(new RegExp(`^node:${NODE_MAJOR}-bookworm-slim\\b`));
    // Exec form, so the signal reaches node itself (no shell in between, as with npm's).
    const cmd = instructions.find((i) => i.instruction === "CMD")!.args;
    expect(JSON.parse(cmd)).toEqual(["node", "build/server/index.js"]);
    expect(instructions.find((i) => i.instruction === "STOPSIGNAL")?.args).toBe("SIGTERM");
  });

  it("builds with the README's commands and serves on the port it exposes, as the unit does", () => {
    const instructions = dockerInstructions();
    const runs = instructions.filter((i) => i.instruction === "RUN").map((i) => i.args);
    const npmCommands = runs.flatMap((run) => [...run.matchAll(/\bnpm (install|run \w+|prune)\b/g)].map((m) => `npm ${m[1]}`));
    expect(npmCommands).toEqual(["npm install", "npm run build", "npm prune"]);
    const readme = read("README.md");
    expect(readme).toContain("npm install\n");
    expect(JSON.parse(read("package.json")).scripts.build).toBe("react-router build");
    const env = instructions
      .filter((i) => i.instruction === "ENV")
      .map((i) => i.args)
      .join(" ");
    const port = /\bPORT=(\d+)/.exec(env)?.[1];
    expect(instructions.find((i) => i.instruction === "EXPOSE")?.args).toBe(port);
    expect(env).toContain("HOST=0.0.0.0");
    const health = instructions.find((i) => i.instruction === "HEALTHCHECK")!.args;
    expect(health).toContain(`http://127.0.0.1:${port}/readyz`);
    // The unit and the image start the same file.
    expect(unitSettings().get("ExecStart")).toContain(JSON.parse(instructions.find((i) => i.instruction === "CMD")!.args)[1]);
  });

  it("has copied, before npm install, every file the install's postinstall reads", () => {
    const instructions = dockerInstructions();
    const install = instructions.findIndex((i) => i.instruction === "RUN" && /\bnpm install\b/.test(i.args));
    // Each COPY's sources (all its words but the last), up to the install.
    const copied = instructions
      .slice(0, install)
      .filter((i) => i.instruction === "COPY" && !i.args.startsWith("--from"))
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    const postinstall: string = JSON.parse(read("package.json")).scripts.postinstall;
    // patch-package reads patches/; a `node <file>` runs that file.
    const needed = [
      ...(postinstall.includes("patch-package") ? ["patches"] : []),
      ...[...postinstall.matchAll(/\bnode ([\w./-]+)/g)].map((m) => m[1]!),
    ];
    expect(needed.length).toBeGreaterThan(0);
    for (const file of needed)
      expect(
        copied.some((source) => source === "." || file === source || file.startsWith(`${source.replace(/\/$/, "")}/`)),
        `${file} is not copied before npm install (copied: ${copied.join(", ")})`,
      ).toBe(true);
  });

  it("leaves out what a build must not copy", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["node_modules", "build", "data", ".git", ".cache"]) expect(ignored).toContain(entry);
  });
});

describe("the operations guide", () => {
  it("points to the shipped files and keeps no copy of them", () => {
    const guide = read("docs/operations.md");
    const sample = guide.slice(guide.indexOf("## A sample setup"), guide.indexOf("## Behind a CDN"));
    for (const file of [UNIT, "deploy/nginx/mandi.conf", "Dockerfile"]) {
      expect(existsSync(file)).toBe(true);
      expect(sample).toContain(file);
    }
    expect(sample).not.toMatch(/```(dockerfile|nginx|ini)\n/);
  });
});
