using System;
using System.Collections.Generic;
using System.Net;
using System.Net.Http;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Marketplay.Client
{
    /// <summary>
    /// Connect JSON over System.Net.Http.HttpClient on HTTP/1.1: the Unity editor, desktop
    /// and mobile players, .NET and Mono servers. Not for WebGL builds, whose browser
    /// sandbox has no sockets: use UnityWebRequestTransport there.
    /// </summary>
    public sealed class HttpClientTransport : ITransport
    {
        readonly HttpClient http;
        readonly bool ownsHttp;

        /// <param name="http">A shared HttpClient (not disposed by Dispose); null makes one of this transport's own.</param>
        public HttpClientTransport(HttpClient http = null)
        {
            ownsHttp = http == null;
            this.http = http ?? new HttpClient { Timeout = Timeout.InfiniteTimeSpan };
        }

        public async Task<TransportReply> PostAsync(string url, string json, TimeSpan timeout)
        {
            var post = new HttpRequestMessage(HttpMethod.Post, url)
            {
                Version = HttpVersion.Version11,
                Content = new StringContent(json, Encoding.UTF8, "application/json"),
            };
            post.Headers.Add("Connect-Protocol-Version", "1");
            post.Headers.Add("Connect-Timeout-Ms", ((long)timeout.TotalMilliseconds).ToString());
            using (var deadline = new CancellationTokenSource(timeout))
            {
                try
                {
                    using (var response = await http.SendAsync(post, deadline.Token).ConfigureAwait(false))
                    {
                        var body = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
                        return new TransportReply((int)response.StatusCode, body);
                    }
                }
                catch (OperationCanceledException e) when (deadline.IsCancellationRequested)
                {
                    throw new MarketplayException("DEADLINE_EXCEEDED", "", new Dictionary<string, string>(),
                                                  "no answer within " + timeout, 0, e);
                }
                catch (HttpRequestException e)
                {
                    throw new MarketplayException("UNAVAILABLE", "", new Dictionary<string, string>(), e.Message, 0, e);
                }
            }
        }

        public void Dispose()
        {
            if (ownsHttp) http.Dispose();
        }
    }
}
