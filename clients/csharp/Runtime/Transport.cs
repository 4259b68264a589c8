using System;
using System.Threading.Tasks;

namespace Marketplay.Client
{
    /// <summary>
    /// How a call reaches the HTTP port: one POST of a Connect JSON body, answered with
    /// a status and a body. HttpClientTransport serves the editor, desktop, mobile and
    /// servers; UnityWebRequestTransport serves WebGL builds (browsers allow no sockets)
    /// and anywhere a studio prefers Unity's own stack. Anything else (a test double, a
    /// studio's HTTP layer with its own retries) implements this.
    /// </summary>
    public interface ITransport : IDisposable
    {
        /// <summary>
        /// POSTs json (UTF-8) to url with the Connect headers and completes with the answer,
        /// whatever its status; failing to reach the server at all throws MarketplayException
        /// with Code "UNAVAILABLE" (or "DEADLINE_EXCEEDED" when timeout passed first).
        /// </summary>
        Task<TransportReply> PostAsync(string url, string json, TimeSpan timeout);
    }

    /// <summary>An HTTP answer: its status and its body as text.</summary>
    public sealed class TransportReply
    {
        public int Status { get; private set; }
        public string Body { get; private set; }

        public TransportReply(int status, string body)
        {
            Status = status;
            Body = body ?? "";
        }
    }
}
