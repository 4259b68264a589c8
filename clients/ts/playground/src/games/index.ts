/** Each game's page pieces, by the game id ListGames reports. */
import { centralMarket } from "./central.js";
import { marketFresh } from "./fresh.js";
import { spiceMerchant } from "./spice.js";
import type { GameUi } from "./types.js";

const GAMES: Record<string, GameUi> = {
  "central-market": centralMarket,
  "market-fresh": marketFresh,
  "spice-merchant": spiceMerchant,
};

export function uiFor(gameId: string): GameUi | undefined {
  return GAMES[gameId];
}
