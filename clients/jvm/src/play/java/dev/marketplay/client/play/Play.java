package dev.marketplay.client.play;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import dev.marketplay.client.ConnectClient;
import dev.marketplay.client.Games;
import dev.marketplay.client.GrpcClient;
import dev.marketplay.client.Marketplay;
import dev.marketplay.client.MarketplayException;
import dev.marketplay.client.OkHttpConnectClient;
import dev.marketplay.v1.Decision;
import dev.marketplay.v1.GameAction;
import dev.marketplay.v1.GameEvent;
import dev.marketplay.v1.GameUpdate;
import dev.marketplay.v1.GetViewRequest;
import dev.marketplay.v1.Message;
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
import java.util.Arrays;
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
 * <pre>Play [--locale L [--seat-names A,B]] (grpc|connect-binary|connect-json|okhttp-json) TARGET CONFIGS.json [SEED]</pre>
 *
 * With --locale every call asks for text in L with the display names: every prompt,
 * legal action, event and the outcome must then carry text, and each game's line
 * shows ("text") the text and Message of the first legal action's label, the first
 * public event, the outcome and the stale step's refusal.
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

  private static MarketplayException refused(Runnable call, String what) {
    try {
      call.run();
    } catch (MarketplayException e) {
      return e;
    }
    throw new Mismatch(what + " was accepted");
  }

  private static Map<String, String> codeAndReason(MarketplayException e) {
    Map<String, String> refusal = new LinkedHashMap<>();
    refusal.put("code", e.getCode());
    refusal.put("reason", e.getReason());
    return refusal;
  }

  /** Holds every Message of a game to the locale asked for, and keeps the ones shown. */
  static final class Texts {
    final String locale;
    int checked;
    Map<String, Object> action;
    Map<String, Object> event;

    Texts(String locale) {
      this.locale = locale;
    }

    Map<String, Object> said(Message message, String what) {
      check(!message.getId().isEmpty() && !message.getText().isEmpty(),
          what + ": Message '" + message.getId() + "' has no text in " + locale);
      Map<String, Object> said = new LinkedHashMap<>();
      said.put("text", message.getText());
      try {
        said.put("message", JsonParser.parseString(JsonFormat.printer().print(message)));
      } catch (InvalidProtocolBufferException e) {
        throw new Mismatch(what + ": " + e);
      }
      checked++;
      return said;
    }

    void update(GameUpdate update) {
      check(update.getLocale().equals(locale),
          "step " + update.getStep() + ": rendered in '" + update.getLocale() + "', not " + locale);
      for (Decision decision : update.getDecisionsList()) {
        said(decision.getPrompt(), "a prompt");
        for (GameAction legal : decision.getLegalActionsList()) {
          Map<String, Object> label = said(legal.getLabel(), "a label");
          if (action == null) {
            action = label;
          }
        }
      }
      for (GameEvent e : update.getEventsList()) {
        Map<String, Object> line = said(e.getMessage(), "an event");
        if (event == null && e.getAudienceCount() == 0) {
          event = line;
        }
      }
    }
  }

  static Map<String, Object> playOne(Marketplay client, String protocol, JsonObject config, Random random,
      byte[] seed, String locale, List<String> names) {
    String game = config.get("game").getAsString();
    int players = config.get("players").getAsInt();
    Map<String, String> options = new LinkedHashMap<>();
    for (Map.Entry<String, JsonElement> option : config.getAsJsonObject("options").entrySet()) {
      options.put(option.getKey(), option.getValue().getAsString());
    }
    String rulesVersion = config.has("rules_version") ? config.get("rules_version").getAsString() : "";
    ViewSelection.Builder selection = ViewSelection.newBuilder().setAllSeats(true).setSpectator(true);
    Texts texts = null;
    if (!locale.isEmpty()) {
      selection.setLocale(locale).addAllSeatNames(names.subList(0, Math.min(names.size(), players)));
      texts = new Texts(locale);
    }
    ViewSelection views = selection.build();

    NewGameResponse started = client.newGame(NewGameRequest.newBuilder().setGameId(game).setNumPlayers(players)
        .putAllOptions(options).setSeed(ByteString.copyFrom(seed)).setViews(views).setRulesVersion(rulesVersion)
        .build());
    check(started.getSeatTokensCount() == players, "NewGame returned " + started.getSeatTokensCount() + " tokens");
    Map<Integer, String> tokens = Games.tokensBySeat(started.getSeatTokensList());
    GameUpdate first = started.getUpdate();
    if (texts != null) {
      texts.update(first);
    }

    List<SeatAction> offered = Games.legalMoves(first);
    SeatAction firstMove = offered.get(random.nextInt(offered.size()));
    byte[] bytes = first.getState().toByteArray();
    bytes[bytes.length - 5] ^= 0x01;
    GameUpdate tampered = first.toBuilder().setState(ByteString.copyFrom(bytes)).build();
    GameUpdate stale = first.toBuilder().setStep(first.getStep() + 1).build();
    MarketplayException tamperedRefusal = refused(
        () -> client.applyAction(Games.applyRequest(tampered, firstMove, tokens, views)), "a tampered state");
    MarketplayException staleRefusal = refused(
        () -> client.applyAction(Games.applyRequest(stale, firstMove, tokens, views)), "a stale expected_step");
    check(!tamperedRefusal.getSaid().isPresent(), "a tampered state's refusal carries a player's Message");
    Map<String, Object> refusals = new LinkedHashMap<>();
    refusals.put("tampered", codeAndReason(tamperedRefusal));
    refusals.put("stale", codeAndReason(staleRefusal));

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
      if (texts != null) {
        texts.update(update);
      }
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
    if (texts != null) {
      check(texts.action != null && texts.event != null, "the game had no legal action or no public event");
      Map<String, Object> text = new LinkedHashMap<>();
      text.put("locale", texts.locale);
      text.put("action", texts.action);
      text.put("event", texts.event);
      text.put("outcome", texts.said(outcome.getSummary(), "the outcome"));
      text.put("refusal", texts.said(staleRefusal.getSaid().orElse(Message.getDefaultInstance()),
          "the stale step's refusal"));
      text.put("checked", texts.checked);
      summary.put("text", text);
      System.err.println(game + ": " + texts.action.get("text") + " | " + texts.event.get("text"));
    }
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
      case "okhttp-json":
        return new OkHttpConnectClient(target, ConnectClient.Codec.JSON);
      default:
        throw new IllegalArgumentException(
            "protocol must be grpc, connect-binary, connect-json or okhttp-json: " + protocol);
    }
  }

  public static void main(String[] argv) throws Exception {
    String locale = "";
    List<String> names = new ArrayList<>();
    List<String> args = new ArrayList<>();
    for (int i = 0; i < argv.length; i++) {
      if (argv[i].equals("--locale") && i + 1 < argv.length) {
        locale = argv[++i];
      } else if (argv[i].equals("--seat-names") && i + 1 < argv.length) {
        names = Arrays.asList(argv[++i].split(","));
      } else {
        args.add(argv[i]);
      }
    }
    if (args.size() < 3) {
      System.err.println("usage: Play [--locale L [--seat-names A,B]] (grpc|connect-binary|connect-json|okhttp-json) "
          + "TARGET CONFIGS.json [SEED]");
      System.exit(2);
    }
    String protocol = args.get(0);
    long seed = args.size() > 3 ? Long.parseLong(args.get(3)) : 1;
    JsonArray configs = JsonParser.parseString(Files.readString(Path.of(args.get(2)))).getAsJsonArray();
    Gson gson = new Gson();
    int passed = 0;
    int failed = 0;
    try (Marketplay client = connect(protocol, args.get(1))) {
      for (int i = 0; i < configs.size(); i++) {
        JsonObject config = configs.get(i).getAsJsonObject();
        byte[] gameSeed = ("marketplay-play/" + seed + "/" + i).getBytes(StandardCharsets.UTF_8);
        try {
          Map<String, Object> summary = playOne(client, protocol, config, new Random(seed * 1_000_003 + i), gameSeed,
              locale, names);
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
