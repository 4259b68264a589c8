// Plays the games named in the page's query over Connect JSON and gRPC-Web with
// connect-web (fetch), then POSTs the reports (or the failure) to /report on the
// page's own origin. Query: ?api=<HTTP port base URL>&configs=<JSON list>.
import { createMarketplayClient } from "/dist/index.js";
import { playAll } from "/dist/playthrough.js";
import { createWebTransport } from "/dist/web.js";

const query = new URLSearchParams(location.search);
const api = query.get("api");
const configs = JSON.parse(query.get("configs") ?? "[]");

async function run() {
  const reports = [];
  for (const protocol of ["connect", "grpc-web"]) {
    const client = createMarketplayClient(createWebTransport({ baseUrl: api, protocol }));
    await playAll(client, `browser:${protocol}`, configs, 1, (summary) => reports.push(summary));
  }
  return { userAgent: navigator.userAgent, origin: location.origin, reports };
}

function report(result) {
  document.getElementById("out").textContent = JSON.stringify(result, null, 1);
  return fetch("/report", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(result) });
}

run().then(report, (err) => report({ error: String(err && err.stack ? `${err}\n${err.stack}` : err) }));
