/** The dashboard and the alert rules graph only metrics Mandi exports (docs/monitoring). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { collectProcessMetrics, registry } from "./metrics";

/** A series name as written in PromQL, back to the metric that makes it. */
const metricOf = (series: string) => series.replace(/_(bucket|count|sum)$/, "");

describe("docs/monitoring", () => {
  collectProcessMetrics();
  const exported = new Set(registry.getMetricsAsArray().map((metric) => metric.name));

  it.each(["dashboard.json", "alerts.yml"])("%s uses only exported metrics", (file) => {
    const text = readFileSync(`docs/monitoring/${file}`, "utf8");
    const used = new Set([...text.matchAll(/\bmandi_[a-z0-9_]+/g)].map((m) => metricOf(m[0])));
    expect(used.size).toBeGreaterThan(3);
    for (const name of used)
      expect(exported.has(name) || exported.has(`${name}_total`) || exported.has(name.replace(/_total$/, "")), name).toBe(true);
  });

  it("the dashboard is valid JSON with a query on every panel", () => {
    const dashboard = JSON.parse(readFileSync("docs/monitoring/dashboard.json", "utf8")) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    for (const panel of dashboard.panels) expect(panel.targets.length).toBeGreaterThan(0);
  });
});
