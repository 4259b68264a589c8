// Drop on a GameObject in an empty scene, run `make run` in the marketplay
// checkout, press Play: the Console shows a whole game of Spice Merchant in
// German. Calls start on the main thread and their awaits resume there (Unity's
// synchronization context), so this works in WebGL builds too, where the client
// picks UnityWebRequestTransport by itself.
using System;
using Marketplay.Client;
using UnityEngine;

namespace Marketplay.Samples
{
    public sealed class PlayAGame : MonoBehaviour
    {
        [SerializeField] string serverUrl = "http://127.0.0.1:8080";   // the HTTP port
        [SerializeField] string locale = "de";
        [SerializeField] bool useUnityWebRequest = true;               // false: HttpClient (not in WebGL)

        async void Start()
        {
            ITransport transport = useUnityWebRequest
                ? (ITransport)new UnityWebRequestTransport()
                : new HttpClientTransport();
            using (var client = new MarketplayClient(serverUrl, transport))
            {
                try
                {
                    await SampleGame.PlayAsync(client, locale, line => Debug.Log(line));
                }
                catch (MarketplayException e)
                {
                    Debug.LogError("marketplay refused: " + e.Code + " " + e.Reason + ": " + e.Message);
                }
                catch (Exception e)
                {
                    Debug.LogError(e);
                }
            }
        }
    }
}
