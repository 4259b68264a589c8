package dev.marketplay.client;

import dev.marketplay.v1.ApplyActionRequest;
import dev.marketplay.v1.ApplyActionResponse;
import dev.marketplay.v1.ClaimTimeoutRequest;
import dev.marketplay.v1.ClaimTimeoutResponse;
import dev.marketplay.v1.GetViewRequest;
import dev.marketplay.v1.GetViewResponse;
import dev.marketplay.v1.ListGamesRequest;
import dev.marketplay.v1.ListGamesResponse;
import dev.marketplay.v1.NewGameRequest;
import dev.marketplay.v1.NewGameResponse;
import dev.marketplay.v1.RenewSeatTokenRequest;
import dev.marketplay.v1.RenewSeatTokenResponse;
import dev.marketplay.v1.ReplayRequest;
import dev.marketplay.v1.ReplayResponse;
import dev.marketplay.v1.SuggestActionRequest;
import dev.marketplay.v1.SuggestActionResponse;
import dev.marketplay.v1.TakeBackRequest;
import dev.marketplay.v1.TakeBackResponse;

/**
 * The GameService's calls, the same over every transport: {@link ConnectClient}
 * (Connect binary or JSON on the HTTP port over java.net.http, HTTP/1.1),
 * {@link OkHttpConnectClient} (the same over OkHttp, for Android) and
 * {@link GrpcClient} (native gRPC on the gRPC port). Every refusal is a
 * {@link MarketplayException}.
 */
public interface Marketplay extends AutoCloseable {
  /** The marketplay release this client was generated for. */
  String VERSION = "0.2.0";

  ListGamesResponse listGames(ListGamesRequest request);

  NewGameResponse newGame(NewGameRequest request);

  ApplyActionResponse applyAction(ApplyActionRequest request);

  GetViewResponse getView(GetViewRequest request);

  ReplayResponse replay(ReplayRequest request);

  SuggestActionResponse suggestAction(SuggestActionRequest request);

  RenewSeatTokenResponse renewSeatToken(RenewSeatTokenRequest request);

  TakeBackResponse takeBack(TakeBackRequest request);

  ClaimTimeoutResponse claimTimeout(ClaimTimeoutRequest request);

  /** Releases the connection (no checked exception, unlike AutoCloseable's). */
  @Override
  void close();
}
