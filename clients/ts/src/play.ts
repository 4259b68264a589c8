#!/usr/bin/env node
/**
 * Plays whole games through a marketplay server over one protocol, with the
 * checks of playthrough.ts.
 *
 *   marketplay-play --base-url URL --protocol grpc|connect|grpc-web [--binary|--json] [--web|--http2]
 *                   [--seed N] [--locale L [--seat-names A,B,...]]
 *                   (--configs FILE | [--option name=value ...] <game_id> <num_players>)
 *
 * --locale asks for text in L (one of the catalogs this package carries) and
 * holds every Message's text to this package's rendering of it
 * (playthrough.ts, TextCheck); the report then shows an event's and a legal
 * action's text. --seat-names are the display names, by seat.
 * --web uses connect-web's fetch transports instead of connect-node's; --http2
 * sends Connect or gRPC-Web over HTTP/2 (h2c to an http:// URL) instead of HTTP/1.1.
 * --configs names a JSON list of {"game", "players", "options", "rules_version"?}. Prints one
 * JSON line per game on stdout and exits 0; on the first mismatch or failed
 * call prints it on stderr and exits 1 (2 for bad usage).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

import type { Transport } from "@connectrpc/connect";

import { createMarketplayClient } from "./index.js";
import { catalogLocales, catalogRenderer, createNodeTransport, type NodeProtocol } from "./node.js";
import { type GameConfig, Mismatch, playAll, type TextCheck } from "./playthrough.js";
import { createWebTransport } from "./web.js";

const PROTOCOLS: readonly NodeProtocol[] = ["grpc", "connect", "grpc-web"];

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: marketplay-play --base-url URL --protocol ${PROTOCOLS.join("|")} [--binary|--json] [--web|--http2]\n` +
      "                       [--seed N] [--locale L [--seat-names A,B,...]]\n" +
      "                       (--configs FILE | [--option name=value ...] <game_id> <num_players>)\n",
  );
  process.exit(2);
}

function parseConfigs(text: string): GameConfig[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) usage("--configs: expected a JSON list");
  return parsed.map((entry: { game?: unknown; players?: unknown; options?: unknown; rules_version?: unknown }, i) => {
    if (typeof entry.game !== "string" || !Number.isInteger(entry.players)) {
      usage(`--configs: entry ${i} needs "game" (string) and "players" (integer)`);
    }
    const rulesVersion = typeof entry.rules_version === "string" ? entry.rules_version : "";
    return { game: entry.game, players: entry.players as number, options: (entry.options ?? {}) as Record<string, string>, rulesVersion };
  });
}

function textCheck(locale: string | undefined, names: string | undefined): TextCheck | undefined {
  if (locale === undefined) {
    if (names !== undefined) usage("--seat-names needs --locale");
    return undefined;
  }
  if (!catalogLocales().includes(locale)) usage(`--locale must be one of ${catalogLocales().join(", ")}`);
  const seatNames = names === undefined || names === "" ? [] : names.split(",");
  const renderer = catalogRenderer(locale, {
    seatNames,
    onError: (id, error) => {
      throw new Mismatch(`rendering ${id} in ${locale}: ${error.message}`);
    },
  });
  return { locale, seatNames, renderer };
}

function commandLine(): { transport: Transport; label: string; configs: GameConfig[]; seed: number; text: TextCheck | undefined } {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        "base-url": { type: "string" },
        protocol: { type: "string", default: "grpc" },
        binary: { type: "boolean" },
        json: { type: "boolean" },
        web: { type: "boolean", default: false },
        http2: { type: "boolean", default: false },
        seed: { type: "string", default: "1" },
        configs: { type: "string" },
        option: { type: "string", multiple: true, default: [] },
        locale: { type: "string" },
        "seat-names": { type: "string" },
      },
    });
  } catch (err) {
    usage((err as Error).message);
  }
  const { values, positionals } = parsed;
  const protocol = values.protocol as NodeProtocol;
  if (!PROTOCOLS.includes(protocol)) usage(`--protocol must be one of ${PROTOCOLS.join(", ")}`);
  const baseUrl = values["base-url"] ?? usage("--base-url is required (e.g. http://127.0.0.1:50051)");
  const binary = values.binary ? true : values.json ? false : undefined;
  if (values.web && protocol === "grpc") usage("--web: browsers cannot speak native gRPC");
  if (values.web && values.http2) usage("--web: fetch picks the HTTP version itself");
  const http2 = values.http2 && protocol !== "grpc";
  const transport = values.web
    ? createWebTransport({ baseUrl, protocol: protocol as "connect" | "grpc-web", ...(binary === undefined ? {} : { binary }) })
    : createNodeTransport({
        baseUrl,
        protocol,
        ...(binary === undefined ? {} : { binary }),
        ...(http2 ? { httpVersion: "2" as const } : {}),
      });
  // Each protocol's default format, as the transports have it: Connect JSON, gRPC-Web binary.
  const format = protocol === "grpc" ? "" : (binary ?? protocol === "grpc-web") ? "+binary" : "+json";
  const label = `${values.web ? "web:" : ""}${protocol}${format}${http2 ? "+h2" : ""}`;
  const seed = Number.parseInt(values.seed, 10);
  if (!Number.isSafeInteger(seed)) usage(`--seed must be an integer, got ${values.seed}`);
  const text = textCheck(values.locale, values["seat-names"]);

  if (values.configs !== undefined) {
    if (positionals.length > 0) usage("give either --configs or <game_id> <num_players>");
    return { transport, label, seed, text, configs: parseConfigs(readFileSync(values.configs, "utf8")) };
  }
  if (positionals.length !== 2) usage("expected <game_id> <num_players>");
  const [game = "", playersText = ""] = positionals;
  const players = Number.parseInt(playersText, 10);
  if (String(players) !== playersText || players < 1) usage(`num_players must be a positive integer, got ${playersText}`);
  const options: Record<string, string> = {};
  for (const pair of values.option) {
    const eq = pair.indexOf("=");
    if (eq <= 0) usage(`--option takes name=value, got ${pair}`);
    options[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { transport, label, seed, text, configs: [{ game, players, options }] };
}

async function main(): Promise<void> {
  const { transport, label, configs, seed, text } = commandLine();
  const client = createMarketplayClient(transport);
  await playAll(client, label, configs, seed, (summary) => process.stdout.write(`${JSON.stringify(summary)}\n`), text);
}

main().catch((err: unknown) => {
  const detail = err instanceof Mismatch ? `mismatch: ${err.message}` : err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`marketplay-play: ${detail}\n`);
  process.exitCode = 1;
});
