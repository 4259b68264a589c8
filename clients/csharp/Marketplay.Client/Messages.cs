// The GameService's envelope messages in the proto3 JSON mapping, for
// Newtonsoft.Json: no Google.Protobuf needed. Game-specific parts (actions,
// views, events, per-game outcomes) stay JObject: send a legal action back
// exactly as the server listed it. Field names are the proto3 JSON names.
using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace Marketplay.Client
{
    /// <summary>Which seats' views (and legal actions) a call asks for, and in which language.</summary>
    public sealed class ViewSelection
    {
        [JsonProperty("seats")] public List<int> Seats = new List<int>();
        [JsonProperty("allSeats")] public bool AllSeats;
        [JsonProperty("spectator")] public bool Spectator;
        /// <summary>Render every Message's Text in this locale (BCP 47: "de"); "" renders none.</summary>
        [JsonProperty("locale")] public string Locale = "";
        /// <summary>Display names by seat for the text ("" or missing: the locale's "Player N").</summary>
        [JsonProperty("seatNames")] public List<string> SeatNames = new List<string>();
        /// <summary>Carry the Messages (ids, arguments) without text, to render them yourself.</summary>
        [JsonProperty("messages")] public bool Messages;
    }

    /// <summary>
    /// Words for players: a stable id, typed arguments (seats, terms, numbers,
    /// lists: proto3 JSON objects), and Text, rendered in the locale the call
    /// asked for ("" when it asked for none).
    /// </summary>
    public sealed class Message
    {
        [JsonProperty("id")] public string Id = "";
        [JsonProperty("arguments")] public List<JObject> Arguments = new List<JObject>();
        [JsonProperty("text")] public string Text = "";

        /// <summary>The Message in a JSON field (an action's "label", an event's "message"); empty if absent.</summary>
        public static Message Of(JToken token)
        {
            var message = token as JObject;
            return message == null ? new Message() : message.ToObject<Message>();
        }

        /// <summary>A legal action's label: what its button says (Decision.LegalActions[i]["label"]).</summary>
        public static Message LabelOf(JObject action)
        {
            return Of(action == null ? null : action["label"]);
        }

        /// <summary>An event's line of the game's log (GameUpdate.Events[i]["message"]).</summary>
        public static Message EventOf(JObject gameEvent)
        {
            return Of(gameEvent == null ? null : gameEvent["message"]);
        }
    }

    public sealed class Decision
    {
        [JsonProperty("seat")] public int Seat;
        [JsonProperty("kind")] public string Kind = "";
        [JsonProperty("legalActions")] public List<JObject> LegalActions = new List<JObject>();
        [JsonProperty("legalActionsIncluded")] public bool LegalActionsIncluded;
        /// <summary>What the seat is asked ("Choose a spice to register in secret.").</summary>
        [JsonProperty("prompt")] public Message Prompt = new Message();
    }

    public sealed class SeatResult
    {
        [JsonProperty("seat")] public int Seat;
        [JsonProperty("score")] public long Score;
        [JsonProperty("rank")] public int Rank;
    }

    public sealed class Outcome
    {
        [JsonProperty("results")] public List<SeatResult> Results = new List<SeatResult>();
        [JsonProperty("winners")] public List<int> Winners = new List<int>();
        [JsonProperty("tieBreak")] public string TieBreak = "";
        [JsonProperty("seed")] public byte[] Seed = new byte[0];
        [JsonProperty("seedSalt")] public byte[] SeedSalt = new byte[0];
        /// <summary>SHA-256 of the final state; Replay reproduces it.</summary>
        [JsonProperty("finalStateDigest")] public byte[] FinalStateDigest = new byte[0];
        /// <summary>Who won and why, in words.</summary>
        [JsonProperty("summary")] public Message Summary = new Message();
    }

    /// <summary>A view of one seat (Seat set) or of the spectator (Seat null).</summary>
    public sealed class GameView
    {
        [JsonProperty("seat")] public int? Seat;
        [JsonProperty("step")] public long Step;
        [JsonProperty("seedCommitment")] public byte[] SeedCommitment = new byte[0];
        [JsonExtensionData] public IDictionary<string, JToken> Game = new Dictionary<string, JToken>();
    }

    public sealed class GameUpdate
    {
        /// <summary>Sealed: opaque, send it back unchanged.</summary>
        [JsonProperty("state")] public byte[] State = new byte[0];
        [JsonProperty("step")] public long Step;
        [JsonProperty("gameId")] public string GameId = "";
        [JsonProperty("decisions")] public List<Decision> Decisions = new List<Decision>();
        [JsonProperty("views")] public List<GameView> Views = new List<GameView>();
        [JsonProperty("events")] public List<JObject> Events = new List<JObject>();
        /// <summary>Set once the game is over.</summary>
        [JsonProperty("outcome")] public Outcome Outcome;
        [JsonProperty("numPlayers")] public int NumPlayers;
        [JsonProperty("rulesVersion")] public string RulesVersion = "";
        /// <summary>The locale the text was rendered in, after falling back ("de" for "de-AT").</summary>
        [JsonProperty("locale")] public string Locale = "";
    }

    /// <summary>One seat's choice of one of its legal actions (ReplayRequest's SeatAction).</summary>
    public sealed class Move
    {
        [JsonProperty("seat")] public int Seat;
        [JsonProperty("action")] public JObject Action;
    }

    public sealed class NewGameRequest
    {
        [JsonProperty("gameId")] public string GameId = "";
        [JsonProperty("numPlayers")] public int NumPlayers;
        [JsonProperty("options")] public Dictionary<string, string> Options = new Dictionary<string, string>();
        [JsonProperty("seed", NullValueHandling = NullValueHandling.Ignore)] public byte[] Seed;
        [JsonProperty("views")] public ViewSelection Views = new ViewSelection();
        [JsonProperty("rulesVersion")] public string RulesVersion = "";
    }

    public sealed class NewGameResponse
    {
        [JsonProperty("update")] public GameUpdate Update;
        /// <summary>SeatTokens[i] is seat i's token: hand each seat only its own.</summary>
        [JsonProperty("seatTokens")] public List<string> SeatTokens = new List<string>();
    }

    public sealed class ApplyActionRequest
    {
        [JsonProperty("state")] public byte[] State;
        [JsonProperty("seat")] public int Seat;
        [JsonProperty("action")] public JObject Action;
        /// <summary>The step the action was chosen at; another current step is ABORTED (STALE_STEP).</summary>
        [JsonProperty("expectedStep", NullValueHandling = NullValueHandling.Ignore)] public long? ExpectedStep;
        [JsonProperty("seatToken")] public string SeatToken = "";
        [JsonProperty("views")] public ViewSelection Views = new ViewSelection();
        [JsonProperty("viewTokens")] public Dictionary<int, string> ViewTokens = new Dictionary<int, string>();
    }

    public sealed class GetViewRequest
    {
        [JsonProperty("state")] public byte[] State;
        [JsonProperty("views")] public ViewSelection Views = new ViewSelection();
        [JsonProperty("viewTokens")] public Dictionary<int, string> ViewTokens = new Dictionary<int, string>();
    }

    public sealed class UpdateResponse
    {
        [JsonProperty("update")] public GameUpdate Update;
    }

    public sealed class ReplayRequest
    {
        [JsonProperty("gameId")] public string GameId = "";
        [JsonProperty("numPlayers")] public int NumPlayers;
        [JsonProperty("options")] public Dictionary<string, string> Options = new Dictionary<string, string>();
        [JsonProperty("seed")] public byte[] Seed;
        [JsonProperty("actions")] public List<Move> Actions = new List<Move>();
        [JsonProperty("views")] public ViewSelection Views = new ViewSelection();
        [JsonProperty("rulesVersion")] public string RulesVersion = "";
        [JsonProperty("seedSalt")] public byte[] SeedSalt = new byte[0];
    }

    public sealed class ReplayResponse
    {
        [JsonProperty("update")] public GameUpdate Update;
        [JsonProperty("actionsApplied")] public int ActionsApplied;
    }

    public sealed class RenewSeatTokenRequest
    {
        [JsonProperty("state")] public byte[] State;
        [JsonProperty("seat")] public int Seat;
        [JsonProperty("seatToken")] public string SeatToken = "";
    }

    public sealed class RenewSeatTokenResponse
    {
        [JsonProperty("seatToken")] public string SeatToken = "";
    }
}
