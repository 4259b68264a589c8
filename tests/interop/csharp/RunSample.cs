// Runs the Unity package's sample game (Samples~/PlayAGame/SampleGame.cs) on Mono
// over HttpClientTransport: mono runsample.exe BASE_URL prints the lines the scene logs.
using System;
using Marketplay.Client;
using Marketplay.Samples;

static class RunSample
{
    static int Main(string[] args)
    {
        using (var client = new MarketplayClient(args[0], new HttpClientTransport()))
        {
            SampleGame.PlayAsync(client, "de", Console.WriteLine).Wait();
        }
        return 0;
    }
}
