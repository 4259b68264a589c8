/**
 * What the playground shows of the table, the service's own policies beside
 * a game's rules (docs/integration.md): every seat's turn clock counting down
 * from the server's time, a "Claim timeout" control, an Undo button per seat
 * exactly when its own view allows a take-back, and the table's events (a
 * seat timed out, a seat took back). Self-contained: play.ts places the
 * panels and supplies what a claim and an undo do.
 */
import type { Duration, Timestamp } from "@bufbuild/protobuf/wkt";

import type { GameEvent, GameUpdate, SeatClock } from "../../src/index.js";
import { seatName, table } from "./components.js";
import { h } from "./dom.js";
import { t, words } from "./words.js";

const TICK_MS = 250;

function millis(t: Timestamp | Duration | undefined): number {
  return t ? Number(t.seconds) * 1000 + Math.floor(t.nanos / 1_000_000) : 0;
}

/** "1:05", "59.8 s", "out of time" (the seconds as the language writes them). */
export function clockText(ms: number): string {
  if (ms <= 0) return t("clock-out-of-time");
  if (ms < 60_000) return t("clock-seconds", { seconds: Math.floor(ms / 100) / 10 });
  const seconds = Math.floor(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** The clocks every view shows alike (public), or none at a table without a clock. */
export function clocksOf(update: GameUpdate): readonly SeatClock[] {
  return update.views[0]?.clocks ?? [];
}

/**
 * The server's time now, as this page reckons it: the update's server_time plus
 * what passed on the page's own clock since the update arrived (`receivedAt`).
 */
function serverNow(update: GameUpdate, receivedAt: number): number {
  return millis(update.serverTime) + (Date.now() - receivedAt);
}

/** What one seat's clock shows now: its bank left and the time to its deadline. */
function reading(clock: SeatClock, now: number): { bank: string; left: string; out: boolean } {
  const deciding = clock.deadline !== undefined;
  const started = millis(clock.decisionStartedAt);
  const bankLeft = clock.bank ? millis(clock.bank) - (deciding ? now - started : 0) : undefined;
  const left = deciding ? millis(clock.deadline) - now : undefined;
  return {
    bank: bankLeft === undefined ? "–" : clockText(bankLeft),
    left: left === undefined ? t("clock-not-deciding") : clockText(left),
    out: left !== undefined && left <= 0,
  };
}

let ticker: number | undefined;

/**
 * Every seat's clock, ticking every quarter second from the server's time, with
 * the claim button; null at a table without a clock (or once the game is over).
 */
export function clockPanel(update: GameUpdate, receivedAt: number, busy: boolean,
  onClaim: () => void): HTMLElement | null {
  if (ticker !== undefined) window.clearInterval(ticker);
  ticker = undefined;
  const clocks = clocksOf(update);
  if (!clocks.length || update.outcome) return null;
  const cells = clocks.map((clock) => {
    const bank = h("span", { class: "clock-bank" });
    const left = h("span", { class: "clock-left" });
    return { clock, bank, left };
  });
  const paint = () => {
    const now = serverNow(update, receivedAt);
    for (const { clock, bank, left } of cells) {
      const shown = reading(clock, now);
      bank.textContent = shown.bank;
      left.textContent = shown.left;
      left.classList.toggle("out", shown.out);
    }
  };
  paint();
  ticker = window.setInterval(() => {
    if (!cells[0]?.left.isConnected) {
      window.clearInterval(ticker);
      ticker = undefined;
      return;
    }
    paint();
  }, TICK_MS);
  return h("section", { class: "panel clocks", id: "clocks", "aria-labelledby": "clocks-title" },
    h("h3", { id: "clocks-title" }, t("clocks-title")),
    table([t("col-seat"), t("clock-bank"), t("clock-decision")],
      cells.map(({ clock, bank, left }) => [seatName(clock.seat), bank, left])),
    h("p", { class: "small" }, t("clocks-hint", {
      policy: words.term(`table-option-timeout-policy-value-${update.tableOptions.timeout_policy ?? "random"}`) })),
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "claim-timeout", disabled: busy, onclick: onClaim }, t("claim-timeout"))));
}

/** How many of its latest actions each seat may take back now (its own view's takeback_steps). */
export function takebackSteps(update: GameUpdate): Map<number, number> {
  const steps = new Map<number, number>();
  for (const view of update.views) {
    if (view.seat !== undefined && view.takebackSteps > 0) steps.set(view.seat, view.takebackSteps);
  }
  return steps;
}

/**
 * One Undo button per seat whose own view says it may take back (takeback_steps > 0),
 * and none otherwise; null when no seat may.
 */
export function undoPanel(update: GameUpdate, busy: boolean, onUndo: (seat: number) => void): HTMLElement | null {
  const steps = takebackSteps(update);
  if (!steps.size || update.outcome) return null;
  return h("section", { class: "panel undo", id: "undo", "aria-labelledby": "undo-title" },
    h("h3", { id: "undo-title" }, t("undo-title")),
    h("p", { class: "small" }, t("undo-hint")),
    h("div", { class: "buttons" },
      ...[...steps.entries()].map(([seat, n]) =>
        h("button", { type: "button", id: `undo-seat-${seat}`, class: "undo-button", disabled: busy, onclick: () => onUndo(seat) },
          t("undo-button", { seat: seatName(seat), allowed: n })))));
}
