package dev.marketplay.client;

import dev.marketplay.v1.ApplyActionRequest;
import dev.marketplay.v1.Decision;
import dev.marketplay.v1.GameAction;
import dev.marketplay.v1.GameUpdate;
import dev.marketplay.v1.SeatAction;
import dev.marketplay.v1.ViewSelection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What every caller builds from a GameUpdate: the legal moves and the next ApplyAction. */
public final class Games {
  private Games() {}

  /** Every (seat, action) the update offers, in decision order (only seats whose views were asked for). */
  public static List<SeatAction> legalMoves(GameUpdate update) {
    List<SeatAction> moves = new ArrayList<>();
    for (Decision decision : update.getDecisionsList()) {
      for (GameAction action : decision.getLegalActionsList()) {
        moves.add(SeatAction.newBuilder().setSeat(decision.getSeat()).setAction(action).build());
      }
    }
    return moves;
  }

  /** NewGame's seat tokens by seat: hand each seat only its own. */
  public static Map<Integer, String> tokensBySeat(List<String> seatTokens) {
    Map<Integer, String> tokens = new HashMap<>();
    for (int seat = 0; seat < seatTokens.size(); seat++) {
      tokens.put(seat, seatTokens.get(seat));
    }
    return tokens;
  }

  /** The tokens, of those held, of the seats whose views are asked for. */
  public static Map<Integer, String> viewTokens(Map<Integer, String> tokens, ViewSelection views) {
    Map<Integer, String> picked = new HashMap<>();
    for (Map.Entry<Integer, String> entry : tokens.entrySet()) {
      if (views.getAllSeats() || views.getSeatsList().contains(entry.getKey())) {
        picked.put(entry.getKey(), entry.getValue());
      }
    }
    return picked;
  }

  /**
   * ApplyAction for move on update's state: the acting seat's token, the view
   * seats' tokens, and expected_step = update.step, so a move chosen at an
   * older step is refused (ABORTED, STALE_STEP) instead of applied twice.
   */
  public static ApplyActionRequest applyRequest(GameUpdate update, SeatAction move, Map<Integer, String> tokens,
      ViewSelection views) {
    return ApplyActionRequest.newBuilder()
        .setState(update.getState())
        .setSeat(move.getSeat())
        .setAction(move.getAction())
        .setExpectedStep(update.getStep())
        .setSeatToken(tokens.getOrDefault(move.getSeat(), ""))
        .setViews(views)
        .putAllViewTokens(viewTokens(tokens, views))
        .build();
  }
}
