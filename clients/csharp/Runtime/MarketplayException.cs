using System;
using System.Collections.Generic;
using Marketplay.V1;

namespace Marketplay.Client
{
    /// <summary>
    /// A call the server refused: the Connect code in gRPC's spelling ("ABORTED")
    /// and the google.rpc.ErrorInfo reason ("STALE_STEP") from the error body's
    /// details[].debug. Branch on Reason, never on Message. A refusal a player
    /// can cause also says why in the player's words: Said, the
    /// marketplay.v1.Message detail (its Text in the call's locale, if it named one).
    /// </summary>
    public sealed class MarketplayException : Exception
    {
        public string Code { get; private set; }
        public string Reason { get; private set; }
        public IDictionary<string, string> Metadata { get; private set; }
        /// <summary>The HTTP status of the refusal (409 for ABORTED); 0 when no answer came.</summary>
        public int HttpStatus { get; private set; }
        /// <summary>The refusal's player-facing Message; null for a developer's mistake.</summary>
        public Message Said { get; private set; }

        public MarketplayException(string code, string reason, IDictionary<string, string> metadata,
                                   string message, int httpStatus, Exception inner = null, Message said = null)
            : base(code + (reason.Length > 0 ? " [" + reason + "]" : "") + ": " + message, inner)
        {
            Code = code;
            Reason = reason;
            Metadata = metadata;
            HttpStatus = httpStatus;
            Said = said;
        }
    }
}
