import autocannon from "autocannon";
import fs from "node:fs";
const ids = fs.readFileSync("/tmp/ids1000.txt", "utf8").trim().split("\n");
const url = process.argv[2];
const rate = Number(process.argv[3] ?? 500);
const duration = Number(process.argv[4] ?? 30);
const slow = [];
const start = Date.now();
const inst = autocannon({ url, connections: 10, duration, overallRate: rate, requests: ids.map((id) => ({ method: "GET", path: `/view/${id}` })) }, (err, r) => {
  console.log("req/s", r.requests.average, "p50", r.latency.p50, "p99", r.latency.p99, "max", r.latency.max, "errors", r.errors + r.non2xx);
  const bySecond = {};
  for (const s of slow) bySecond[s] = (bySecond[s] ?? 0) + 1;
  console.log("responses > 100 ms by second:", JSON.stringify(bySecond));
});
inst.on("response", (client, status, bytes, time) => { if (time > 100) slow.push(Math.floor((Date.now() - start) / 1000)); });
