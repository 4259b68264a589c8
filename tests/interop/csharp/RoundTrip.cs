// Reads "<type>\t<proto3 JSON>" lines and writes each back as the generated
// Marketplay.V1 class serialises it, with the client's settings: the round trip
// tests/interop/test_csharp_messages.py compares with the original.
using System;
using Marketplay.Client;
using Newtonsoft.Json;

static class RoundTrip
{
    static int Main()
    {
        var assembly = typeof(MarketplayClient).Assembly;
        string line;
        while ((line = Console.In.ReadLine()) != null)
        {
            var tab = line.IndexOf('\t');
            var type = assembly.GetType("Marketplay.V1." + line.Substring(0, tab), true);
            var message = JsonConvert.DeserializeObject(line.Substring(tab + 1), type, MarketplayClient.JsonSettings);
            Console.Out.WriteLine(JsonConvert.SerializeObject(message, Formatting.None, MarketplayClient.JsonSettings));
        }
        return 0;
    }
}
