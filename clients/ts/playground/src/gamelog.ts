/**
 * The exported game log is a ReplayRequest in the proto3 JSON mapping (so
 * `curl -d @game.json .../Replay` replays it), plus two fields the server
 * ignores: the seed commitment the game showed, and its final state digest,
 * which the Replay page checks the replay against.
 */
import { create, fromJson, type JsonObject, type JsonValue, toJson } from "@bufbuild/protobuf";
import { base64Decode, base64Encode } from "@bufbuild/protobuf/wire";

import { type ReplayRequest, ReplayRequestSchema } from "../../src/index.js";

export interface GameLog {
  request: ReplayRequest;
  /** What the game's views showed from step 0 (GameView.seed_commitment). */
  seedCommitment?: Uint8Array;
  /** The game's Outcome.final_state_digest, when it was over. */
  finalStateDigest?: Uint8Array;
}

export function logToJson(log: GameLog): string {
  const json = toJson(ReplayRequestSchema, log.request) as JsonObject;
  if (log.seedCommitment?.length) json.seedCommitment = base64Encode(log.seedCommitment);
  if (log.finalStateDigest?.length) json.finalStateDigest = base64Encode(log.finalStateDigest);
  return JSON.stringify(json, null, 2);
}

function bytesField(json: JsonObject, name: string): Uint8Array | undefined {
  const value = json[name];
  delete json[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new Error(`${name} must be a base64 string`);
  return base64Decode(value);
}

/** The log in `text`; an Error saying what is wrong otherwise. */
export function parseLog(text: string): GameLog {
  let json: JsonValue;
  try {
    json = JSON.parse(text) as JsonValue;
  } catch (err) {
    throw new Error(`not JSON: ${(err as Error).message}`);
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new Error("expected a JSON object (a ReplayRequest, as Export writes it)");
  }
  const seedCommitment = bytesField(json, "seedCommitment");
  const finalStateDigest = bytesField(json, "finalStateDigest");
  let request: ReplayRequest;
  try {
    request = fromJson(ReplayRequestSchema, json);
  } catch (err) {
    throw new Error(`not a ReplayRequest: ${(err as Error).message}`);
  }
  if (!request.gameId) throw new Error("gameId is missing");
  const log: GameLog = { request };
  if (seedCommitment) log.seedCommitment = seedCommitment;
  if (finalStateDigest) log.finalStateDigest = finalStateDigest;
  return log;
}

export function emptyReplay(init: Parameters<typeof create<typeof ReplayRequestSchema>>[1]): ReplayRequest {
  return create(ReplayRequestSchema, init);
}
