// Connect JSON on the HTTP port (HTTP/1.1, System.Net.Http.HttpClient and
// Newtonsoft.Json): a Mono/.NET class library, not UnityWebRequest or IL2CPP.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Text;
using System.Threading.Tasks;
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
        };
        readonly string baseUrl;
        readonly HttpClient http;
        readonly bool ownsHttp;

        /// <param name="baseUrl">The HTTP port, e.g. "http://127.0.0.1:8080".</param>
        /// <param name="http">A shared HttpClient (its Timeout bounds each call); null makes one.</param>
        public MarketplayClient(string baseUrl, HttpClient http = null)
        {
            this.baseUrl = baseUrl.TrimEnd('/');
            ownsHttp = http == null;
            this.http = http ?? new HttpClient { Timeout = TimeSpan.FromSeconds(30) };
        }

        public void Dispose()
        {
            if (ownsHttp) http.Dispose();
        }

        /// <summary>POST /marketplay.v1.GameService/{method} with the request as proto3 JSON.</summary>
        public async Task<TResponse> CallAsync<TResponse>(string method, object request)
        {
            var body = JsonConvert.SerializeObject(request, JsonSettings);
            var post = new HttpRequestMessage(HttpMethod.Post, baseUrl + Service + method)
            {
                Version = HttpVersion.Version11,
                Content = new StringContent(body, Encoding.UTF8, "application/json"),
            };
            post.Headers.Add("Connect-Protocol-Version", "1");
            HttpResponseMessage response;
            try
            {
                response = await http.SendAsync(post).ConfigureAwait(false);
            }
            catch (HttpRequestException e)
            {
                throw new MarketplayException("UNAVAILABLE", "", new Dictionary<string, string>(), e.Message, 0, e);
            }
            using (response)
            {
                var text = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
                if (response.StatusCode != HttpStatusCode.OK) throw Refusal((int)response.StatusCode, text);
                return JsonConvert.DeserializeObject<TResponse>(text, JsonSettings);
            }
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
                        said = Message.Of(debug);
                        continue;
                    }
                    if (type != "google.rpc.ErrorInfo") continue;
                    reason = (string)debug["reason"] ?? "";
                    var meta = debug["metadata"] as JObject;
                    if (meta != null)
                        foreach (var pair in meta.Properties()) metadata[pair.Name] = (string)pair.Value;
                }
            }
            catch (JsonException e)
            {
                message += " (unreadable error body: " + e.Message + ")";
            }
            return new MarketplayException(code, reason, metadata, message, httpStatus, null, said);
        }

        public Task<NewGameResponse> NewGameAsync(NewGameRequest request)
        {
            return CallAsync<NewGameResponse>("NewGame", request);
        }

        public async Task<GameUpdate> ApplyActionAsync(ApplyActionRequest request)
        {
            return (await CallAsync<UpdateResponse>("ApplyAction", request).ConfigureAwait(false)).Update;
        }

        public async Task<GameUpdate> GetViewAsync(GetViewRequest request)
        {
            return (await CallAsync<UpdateResponse>("GetView", request).ConfigureAwait(false)).Update;
        }

        public Task<ReplayResponse> ReplayAsync(ReplayRequest request)
        {
            return CallAsync<ReplayResponse>("Replay", request);
        }

        /// <summary>Trades a seat's token (expired or not) for a fresh one.</summary>
        public async Task<string> RenewSeatTokenAsync(byte[] state, int seat, string seatToken)
        {
            var request = new RenewSeatTokenRequest { State = state, Seat = seat, SeatToken = seatToken };
            return (await CallAsync<RenewSeatTokenResponse>("RenewSeatToken", request).ConfigureAwait(false)).SeatToken;
        }

        /// <summary>
        /// Plays move on update's state with the acting seat's token and the view
        /// seats' tokens (of those in tokens, by seat), sending expected_step = update.Step:
        /// a move chosen at an older step is refused (ABORTED, STALE_STEP), never applied twice.
        /// </summary>
        public Task<GameUpdate> ApplyAsync(GameUpdate update, Move move, IDictionary<int, string> tokens,
                                           ViewSelection views)
        {
            string token;
            return ApplyActionAsync(new ApplyActionRequest
            {
                State = update.State, Seat = move.Seat, Action = move.Action, ExpectedStep = update.Step,
                SeatToken = tokens.TryGetValue(move.Seat, out token) ? token : "",
                Views = views, ViewTokens = ViewTokens(tokens, views),
            });
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
        public static List<Move> LegalMoves(GameUpdate update)
        {
            return update.Decisions.SelectMany(d => d.LegalActions.Select(a => new Move { Seat = d.Seat, Action = a }))
                                   .ToList();
        }
    }
}
