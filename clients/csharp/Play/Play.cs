// Plays whole games over Connect JSON with seeded random legal moves and the
// checks of every marketplay player (clients/ts/src/playthrough.ts): step +1
// per action, a tampered state and a stale expected_step refused with their
// reasons, a renewed seat token reading its seat's view, Replay's digest.
//
//   mono play.exe BASE_URL CONFIGS.json [SEED]
//
// Prints one JSON line per game, then "N passed, N failed"; exits 1 if any failed.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Marketplay.Client;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

static class Play
{
    const int MaxSteps = 20000;

    sealed class Mismatch : Exception
    {
        public Mismatch(string message) : base(message) { }
    }

    static void Check(bool condition, string message)
    {
        if (!condition) throw new Mismatch(message);
    }

    static async Task<JObject> Refused(Task call, string what)
    {
        try
        {
            await call;
        }
        catch (MarketplayException e)
        {
            return new JObject { ["code"] = e.Code, ["reason"] = e.Reason };
        }
        throw new Mismatch(what + " was accepted");
    }

    static GameUpdate With(GameUpdate update, byte[] state, long step)
    {
        return new GameUpdate { State = state, Step = step, Decisions = update.Decisions };
    }

    static async Task<JObject> PlayOne(MarketplayClient client, JObject config, Random random, byte[] seed)
    {
        var game = (string)config["game"];
        var players = (int)config["players"];
        var options = config["options"].ToObject<Dictionary<string, string>>();
        var rulesVersion = (string)config["rules_version"] ?? "";
        var views = new ViewSelection { AllSeats = true, Spectator = true };

        var started = await client.NewGameAsync(new NewGameRequest
        {
            GameId = game, NumPlayers = players, Options = options, Seed = seed, Views = views,
            RulesVersion = rulesVersion,
        });
        Check(started.SeatTokens.Count == players, "NewGame returned " + started.SeatTokens.Count + " seat tokens");
        var tokens = MarketplayClient.TokensBySeat(started.SeatTokens);
        var update = started.Update;

        var offered = MarketplayClient.LegalMoves(update);
        var first = offered[random.Next(offered.Count)];
        var tampered = (byte[])update.State.Clone();
        tampered[tampered.Length - 5] ^= 0x01;
        var refusals = new JObject
        {
            ["tampered"] = await Refused(client.ApplyAsync(With(update, tampered, update.Step), first, tokens, views),
                                         "a tampered state"),
            ["stale"] = await Refused(client.ApplyAsync(With(update, update.State, update.Step + 1), first, tokens, views),
                                      "a stale expected_step"),
        };

        var played = new List<Move>();
        while (update.Outcome == null)
        {
            Check(played.Count < MaxSteps, "no outcome after " + MaxSteps + " moves");
            var moves = MarketplayClient.LegalMoves(update);
            Check(moves.Count > 0, "step " + update.Step + ": no decision carries legal actions");
            var move = moves[random.Next(moves.Count)];
            var before = update.Step;
            update = await client.ApplyAsync(update, move, tokens, views);
            Check(update.Step == before + 1, "step went from " + before + " to " + update.Step);
            played.Add(move);
        }
        var outcome = update.Outcome;

        var renewed = await client.RenewSeatTokenAsync(update.State, 0, tokens[0]);
        var seat0 = new ViewSelection { Seats = { 0 } };
        var viewed = await client.GetViewAsync(new GetViewRequest
        {
            State = update.State, Views = seat0,
            ViewTokens = MarketplayClient.ViewTokens(new Dictionary<int, string> { [0] = renewed }, seat0),
        });
        var viewOk = renewed.Length > 0 && viewed.Step == update.Step && viewed.Views.Count == 1 && viewed.Views[0].Seat == 0;

        var replayed = await client.ReplayAsync(new ReplayRequest
        {
            GameId = game, NumPlayers = players, Options = options, Seed = outcome.Seed, SeedSalt = outcome.SeedSalt,
            Actions = played, RulesVersion = update.RulesVersion,
        });
        var digest = replayed.Update.Outcome == null ? new byte[0] : replayed.Update.Outcome.FinalStateDigest;
        var digestOk = replayed.ActionsApplied == played.Count && digest.Length > 0
                       && digest.SequenceEqual(outcome.FinalStateDigest);

        return new JObject
        {
            ["protocol"] = "connect+json", ["game"] = game, ["players"] = players, ["options"] = JObject.FromObject(options),
            ["steps"] = update.Step, ["winners"] = new JArray(outcome.Winners), ["replay_digest_ok"] = digestOk,
            ["view_step_ok"] = viewOk, ["refusals"] = refusals,
        };
    }

    static int Main(string[] args)
    {
        if (args.Length < 2)
        {
            Console.Error.WriteLine("usage: mono play.exe BASE_URL CONFIGS.json [SEED]");
            return 2;
        }
        var seed = args.Length > 2 ? long.Parse(args[2]) : 1;
        var configs = JArray.Parse(File.ReadAllText(args[1]));
        int passed = 0, failed = 0;
        using (var client = new MarketplayClient(args[0]))
        {
            for (var i = 0; i < configs.Count; i++)
            {
                var config = (JObject)configs[i];
                var gameSeed = Encoding.UTF8.GetBytes("marketplay-play/" + seed + "/" + i);
                try
                {
                    var summary = PlayOne(client, config, new Random((int)(seed * 1000003 + i)), gameSeed).Result;
                    Console.WriteLine(summary.ToString(Formatting.None));
                    passed++;
                }
                catch (AggregateException e) when (e.InnerException is Mismatch || e.InnerException is MarketplayException)
                {
                    Console.Error.WriteLine("FAIL " + config.ToString(Formatting.None) + ": " + e.InnerException.Message);
                    failed++;
                }
            }
        }
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
