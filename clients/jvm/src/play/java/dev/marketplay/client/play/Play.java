package dev.marketplay.client.play;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import dev.marketplay.client.ConnectClient;
import dev.marketplay.client.Games;
import dev.marketplay.client.GrpcClient;
import dev.marketplay.client.Marketplay;
import dev.marketplay.client.MarketplayException;
import dev.marketplay.v1.GameUpdate;
import dev.marketplay.v1.GetViewRequest;
import dev.marketplay.v1.NewGameRequest;
import dev.marketplay.v1.NewGameResponse;
import dev.marketplay.v1.Outcome;
import dev.marketplay.v1.RenewSeatTokenRequest;
import dev.marketplay.v1.ReplayRequest;
import dev.marketplay.v1.ReplayResponse;
import dev.marketplay.v1.SeatAction;
import dev.marketplay.v1.ViewSelection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Plays whole games with seeded random legal moves over one transport, with the
 * checks of every marketplay player (clients/ts/src/playthrough.ts): step +1 per
 * action, a tampered state and a stale expected_step refused with their reasons,
 * a renewed seat token reading its seat's view, Replay's digest.
 *
 * <pre>Play (grpc|connect-binary|connect-json) TARGET CONFIGS.json [SEED]</pre>
 *
 * Prints one JSON line per game, then "N passed, N failed"; exits 1 if any failed.
 */
public final class Play {
  private static final int MAX_STEPS = 20_000;

  private Play() {}

  static final class Mismatch extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Mismatch(String message) {
      super(message);
    }
  }

  private static void check(boolean condition, String message) {
    if (!condition) {
      throw new Mismatch(message);
    }
  }

  private static Map<String, String> refused(Runnable call, String what) {
    try {
      call.run();
    } catch (MarketplayException e) {
      Map<String, String> refusal = new LinkedHashMap<>();
      refusal.put("code", e.getCode());
      refusal.put("reason", e.getReason());
      return refusal;
    }
    throw new Mismatch(what + " was accepted");
  }

  static Map<String, Object> playOne(Marketplay client, String protocol, JsonObject config, Random random,
      byte[] seed) {
    String game = config.get("game").getAsString();
    int players = config.get("players").getAsInt();
    Map<String, String> options = new LinkedHashMap<>();
    for (Map.Entry<String, JsonElement> option : config.getAsJsonObject("options").entrySet()) {
      options.put(option.getKey(), option.getValue().getAsString());
    }
    String rulesVersion = config.has("rules_version") ? config.get("rules_version").getAsString() : "";
    ViewSelection views = ViewSelection.newBuilder().setAllSeats(true).setSpectator(true).build();

    NewGameResponse started = client.newGame(NewGameRequest.newBuilder().setGameId(game).setNumPlayers(players)
        .putAllOptions(options).setSeed(ByteString.copyFrom(seed)).setViews(views).setRulesVersion(rulesVersion)
        .build());
    check(started.getSeatTokensCount() == players, "NewGame returned " + started.getSeatTokensCount() + " tokens");
    Map<Integer, String> tokens = Games.tokensBySeat(started.getSeatTokensList());
    GameUpdate first = started.getUpdate();

    List<SeatAction> offered = Games.legalMoves(first);
    SeatAction firstMove = offered.get(random.nextInt(offered.size()));
    byte[] bytes = first.getState().toByteArray();
    bytes[bytes.length - 5] ^= 0x01;
    GameUpdate tampered = first.toBuilder().setState(ByteString.copyFrom(bytes)).build();
    GameUpdate stale = first.toBuilder().setStep(first.getStep() + 1).build();
    Map<String, Object> refusals = new LinkedHashMap<>();
    refusals.put("tampered", refused(
        () -> client.applyAction(Games.applyRequest(tampered, firstMove, tokens, views)), "a tampered state"));
    refusals.put("stale", refused(
        () -> client.applyAction(Games.applyRequest(stale, firstMove, tokens, views)), "a stale expected_step"));

    GameUpdate update = first;
    List<SeatAction> played = new ArrayList<>();
    while (!update.hasOutcome()) {
      check(played.size() < MAX_STEPS, "no outcome after " + MAX_STEPS + " moves");
      List<SeatAction> moves = Games.legalMoves(update);
      check(!moves.isEmpty(), "step " + update.getStep() + ": no decision carries legal actions");
      SeatAction move = moves.get(random.nextInt(moves.size()));
      long before = update.getStep();
      update = client.applyAction(Games.applyRequest(update, move, tokens, views)).getUpdate();
      check(update.getStep() == before + 1, "step went from " + before + " to " + update.getStep());
      played.add(move);
    }
    Outcome outcome = update.getOutcome();

    String renewed = client.renewSeatToken(RenewSeatTokenRequest.newBuilder().setState(update.getState())
        .setSeat(0).setSeatToken(tokens.get(0)).build()).getSeatToken();
    GameUpdate viewed = client.getView(GetViewRequest.newBuilder().setState(update.getState())
        .setViews(ViewSelection.newBuilder().addSeats(0)).putViewTokens(0, renewed).build()).getUpdate();
    boolean viewOk = !renewed.isEmpty() && viewed.getStep() == update.getStep() && viewed.getViewsCount() == 1
        && viewed.getViews(0).getSeat() == 0;

    ReplayResponse replayed = client.replay(ReplayRequest.newBuilder().setGameId(game).setNumPlayers(players)
        .putAllOptions(options).setSeed(outcome.getSeed()).setSeedSalt(outcome.getSeedSalt())
        .addAllActions(played).setRulesVersion(update.getRulesVersion()).build());
    ByteString digest = replayed.getUpdate().getOutcome().getFinalStateDigest();
    boolean digestOk = replayed.getActionsApplied() == played.size() && !digest.isEmpty()
        && digest.equals(outcome.getFinalStateDigest());

    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("protocol", protocol);
    summary.put("game", game);
    summary.put("players", players);
    summary.put("options", options);
    summary.put("steps", update.getStep());
    summary.put("winners", outcome.getWinnersList());
    summary.put("replay_digest_ok", digestOk);
    summary.put("view_step_ok", viewOk);
    summary.put("refusals", refusals);
    return summary;
  }

  static Marketplay connect(String protocol, String target) {
    switch (protocol) {
      case "grpc":
        return new GrpcClient(target);
      case "connect-binary":
        return new ConnectClient(target, ConnectClient.Codec.BINARY);
      case "connect-json":
        return new ConnectClient(target, ConnectClient.Codec.JSON);
      default:
        throw new IllegalArgumentException("protocol must be grpc, connect-binary or connect-json: " + protocol);
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: Play (grpc|connect-binary|connect-json) TARGET CONFIGS.json [SEED]");
      System.exit(2);
    }
    String protocol = args[0];
    long seed = args.length > 3 ? Long.parseLong(args[3]) : 1;
    JsonArray configs = JsonParser.parseString(Files.readString(Path.of(args[2]))).getAsJsonArray();
    Gson gson = new Gson();
    int passed = 0;
    int failed = 0;
    try (Marketplay client = connect(protocol, args[1])) {
      for (int i = 0; i < configs.size(); i++) {
        JsonObject config = configs.get(i).getAsJsonObject();
        byte[] gameSeed = ("marketplay-play/" + seed + "/" + i).getBytes(StandardCharsets.UTF_8);
        try {
          Map<String, Object> summary = playOne(client, protocol, config, new Random(seed * 1_000_003 + i), gameSeed);
          System.out.println(gson.toJson(summary));
          passed++;
        } catch (Mismatch | MarketplayException e) {
          System.err.println("FAIL " + config + ": " + e.getMessage());
          failed++;
        }
      }
    }
    System.out.println(passed + " passed, " + failed + " failed");
    System.exit(failed == 0 ? 0 : 1);
  }
}
