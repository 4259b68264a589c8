// The GameService over Connect JSON on the HTTP port, with the generated
// Marketplay.V1 messages (Runtime/Generated) and Newtonsoft.Json, through a
// transport: HttpClient (editor, desktop, mobile, servers) or UnityWebRequest (WebGL).
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Marketplay.V1;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace Marketplay.Client
{
    public sealed class MarketplayClient : IDisposable
    {
        /// <summary>The marketplay release this client was written for.</summary>
        public const string Version = "0.2.0";

        const string Service = "/marketplay.v1.GameService/";

        /// <summary>
        /// The settings every call reads and writes proto3 JSON with. Strings stay strings: a
        /// timestamp is not reparsed as a DateTime, and an action echoed back is what the server sent.
        /// </summary>
        public static readonly JsonSerializerSettings JsonSettings = new JsonSerializerSettings
        {
            DateParseHandling = DateParseHandling.None,
            NullValueHandling = NullValueHandling.Ignore,
        };

        readonly string baseUrl;
        readonly ITransport transport;

        /// <summary>Each call's deadline, sent as Connect-Timeout-Ms (30 s unless set).</summary>
        public TimeSpan Timeout { get; set; }

        /// <param name="baseUrl">The HTTP port, e.g. "http://127.0.0.1:8080".</param>
        /// <param name="transport">
        /// How calls travel (disposed with the client); null picks UnityWebRequestTransport in
        /// a WebGL player and HttpClientTransport everywhere else.
        /// </param>
        public MarketplayClient(string baseUrl, ITransport transport = null)
        {
            this.baseUrl = baseUrl.TrimEnd('/');
            this.transport = transport ?? DefaultTransport();
            Timeout = TimeSpan.FromSeconds(30);
        }

        static ITransport DefaultTransport()
        {
#if UNITY_WEBGL && !UNITY_EDITOR && UNITY_2020_2_OR_NEWER
            return new UnityWebRequestTransport();
#else
            return new HttpClientTransport();
#endif
        }

        public void Dispose()
        {
            transport.Dispose();
        }

        /// <summary>POST /marketplay.v1.GameService/{method} with the request as proto3 JSON.</summary>
        public async Task<TResponse> CallAsync<TResponse>(string method, object request)
        {
            var body = JsonConvert.SerializeObject(request, JsonSettings);
            var reply = await transport.PostAsync(baseUrl + Service + method, body, Timeout).ConfigureAwait(false);
            if (reply.Status != 200) throw Refusal(reply.Status, reply.Body);
            return JsonConvert.DeserializeObject<TResponse>(reply.Body, JsonSettings);
        }

        /// <summary>
        /// A Connect error body: {"code", "message", "details": [{"type", "value", "debug"}]}; the
        /// ErrorInfo and the player's Message are read from their details' debug copies.
        /// </summary>
        public static MarketplayException Refusal(int httpStatus, string body)
        {
            string code = "UNKNOWN", message = "HTTP " + httpStatus, reason = "";
            var metadata = new Dictionary<string, string>();
            Message said = null;
            try
            {
                var error = JsonConvert.DeserializeObject<JObject>(body, JsonSettings);
                code = ((string)error["code"] ?? "unknown").ToUpperInvariant();
                message = (string)error["message"] ?? message;
                var details = error["details"] as JArray ?? new JArray();
                foreach (var detail in details.OfType<JObject>())
                {
                    var debug = detail["debug"] as JObject ?? new JObject();
                    var type = (string)detail["type"];
                    if (type == "marketplay.v1.Message")
                    {
                        said = debug.ToObject<Message>(JsonSerializer.Create(JsonSettings));
                        continue;
                    }
                    if (type != "google.rpc.ErrorInfo") continue;
                    reason = (string)debug["reason"] ?? "";
                    var meta = debug["metadata"] as JObject;
                    if (meta != null)
                        foreach (var pair in meta.Properties()) metadata[pair.Name] = (string)pair.Value;
                }
            }
            catch (Exception e) when (e is JsonException || e is InvalidCastException || e is NullReferenceException)
            {
                message += " (unreadable error body: " + e.Message + ")";
            }
            return new MarketplayException(code, reason, metadata, message, httpStatus, null, said);
        }

        public Task<ListGamesResponse> ListGamesAsync(ListGamesRequest request)
        {
            return CallAsync<ListGamesResponse>("ListGames", request);
        }

        public Task<NewGameResponse> NewGameAsync(NewGameRequest request)
        {
            return CallAsync<NewGameResponse>("NewGame", request);
        }

        public Task<ApplyActionResponse> ApplyActionAsync(ApplyActionRequest request)
        {
            return CallAsync<ApplyActionResponse>("ApplyAction", request);
        }

        public Task<GetViewResponse> GetViewAsync(GetViewRequest request)
        {
            return CallAsync<GetViewResponse>("GetView", request);
        }

        public Task<ReplayResponse> ReplayAsync(ReplayRequest request)
        {
            return CallAsync<ReplayResponse>("Replay", request);
        }

        public Task<SuggestActionResponse> SuggestActionAsync(SuggestActionRequest request)
        {
            return CallAsync<SuggestActionResponse>("SuggestAction", request);
        }

        public Task<RenewSeatTokenResponse> RenewSeatTokenAsync(RenewSeatTokenRequest request)
        {
            return CallAsync<RenewSeatTokenResponse>("RenewSeatToken", request);
        }

        /// <summary>Undoes the seat's latest actions where no one learnt anything since (docs/api.md).</summary>
        public Task<TakeBackResponse> TakeBackAsync(TakeBackRequest request)
        {
            return CallAsync<TakeBackResponse>("TakeBack", request);
        }

        /// <summary>Plays the table's timeout policy for a seat whose clock ran out (docs/api.md).</summary>
        public Task<ClaimTimeoutResponse> ClaimTimeoutAsync(ClaimTimeoutRequest request)
        {
            return CallAsync<ClaimTimeoutResponse>("ClaimTimeout", request);
        }

        /// <summary>Trades a seat's token (expired or not) for a fresh one.</summary>
        public async Task<string> RenewSeatTokenAsync(byte[] state, int seat, string seatToken)
        {
            var request = new RenewSeatTokenRequest { State = state, Seat = seat, SeatToken = seatToken };
            return (await RenewSeatTokenAsync(request).ConfigureAwait(false)).SeatToken;
        }

        /// <summary>
        /// Plays move on update's state with the acting seat's token and the view
        /// seats' tokens (of those in tokens, by seat), sending expected_step = update.Step:
        /// a move chosen at an older step is refused (ABORTED, STALE_STEP), never applied twice.
        /// </summary>
        public async Task<GameUpdate> ApplyAsync(GameUpdate update, SeatAction move, IDictionary<int, string> tokens,
                                                 ViewSelection views)
        {
            string token;
            var request = new ApplyActionRequest
            {
                State = update.State, Seat = move.Seat, Action = move.Action, ExpectedStep = update.Step,
                SeatToken = tokens.TryGetValue(move.Seat, out token) ? token : "",
                Views = views, ViewTokens = ViewTokens(tokens, views),
            };
            return (await ApplyActionAsync(request).ConfigureAwait(false)).Update;
        }

        /// <summary>The tokens, of those held, of the seats whose views are asked for.</summary>
        public static Dictionary<int, string> ViewTokens(IDictionary<int, string> tokens, ViewSelection views)
        {
            return tokens.Where(t => views.AllSeats || views.Seats.Contains(t.Key))
                         .ToDictionary(t => t.Key, t => t.Value);
        }

        /// <summary>NewGame's seat tokens by seat.</summary>
        public static Dictionary<int, string> TokensBySeat(IList<string> seatTokens)
        {
            return Enumerable.Range(0, seatTokens.Count).ToDictionary(seat => seat, seat => seatTokens[seat]);
        }

        /// <summary>Every (seat, action) the update offers, in decision order.</summary>
        public static List<SeatAction> LegalMoves(GameUpdate update)
        {
            return update.Decisions
                .SelectMany(d => d.LegalActions.Select(a => new SeatAction { Seat = d.Seat, Action = a }))
                .ToList();
        }
    }
}
