// Compiled only inside Unity (2020.2 or newer: UnityWebRequest.result). No Unity runs
// on the project's machines: tests/interop/test_unity_package.py compiles this file
// against compile-only stubs of the UnityEngine types it uses (docs/clients.md, "C# and Unity").
#if UNITY_2020_2_OR_NEWER
using System;
using System.Collections.Generic;
using System.Text;
using System.Threading.Tasks;
using UnityEngine.Networking;

namespace Marketplay.Client
{
    /// <summary>
    /// Connect JSON over UnityWebRequest: the one HTTP stack of WebGL builds (the browser's
    /// fetch underneath), and usable on every other platform. Start calls on Unity's main
    /// thread; the task completes from the request's completed event, on the main thread,
    /// so nothing waits on a thread WebGL does not have.
    /// </summary>
    public sealed class UnityWebRequestTransport : ITransport
    {
        public Task<TransportReply> PostAsync(string url, string json, TimeSpan timeout)
        {
            var done = new TaskCompletionSource<TransportReply>();
            var request = new UnityWebRequest(url, "POST")
            {
                uploadHandler = new UploadHandlerRaw(Encoding.UTF8.GetBytes(json)),
                downloadHandler = new DownloadHandlerBuffer(),
                timeout = Math.Max(1, (int)Math.Ceiling(timeout.TotalSeconds)),
            };
            request.SetRequestHeader("Content-Type", "application/json");
            request.SetRequestHeader("Connect-Protocol-Version", "1");
            request.SetRequestHeader("Connect-Timeout-Ms", ((long)timeout.TotalMilliseconds).ToString());
            request.SendWebRequest().completed += _ =>
            {
                try
                {
                    // A refusal is an HTTP error status with a Connect error body: an answer, not a failure.
                    // (Unity reports a timeout as a ConnectionError too.)
                    if (request.result == UnityWebRequest.Result.ConnectionError)
                        done.SetException(new MarketplayException(
                            "UNAVAILABLE", "", new Dictionary<string, string>(), request.error, 0));
                    else
                        done.SetResult(new TransportReply((int)request.responseCode, request.downloadHandler.text));
                }
                finally
                {
                    request.Dispose();
                }
            };
            return done.Task;
        }

        public void Dispose()
        {
        }
    }
}
#endif
