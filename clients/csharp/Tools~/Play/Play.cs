// Plays whole games over Connect JSON with seeded random legal moves and the
// checks of every marketplay player (clients/ts/src/playthrough.ts): step +1
// per action, a tampered state and a stale expected_step refused with their
// reasons, a renewed seat token reading its seat's view, Replay's digest.
//
//   mono play.exe [--locale L [--seat-names A,B]] BASE_URL CONFIGS.json [SEED]
//
// With --locale every call asks for text in L with the display names: every
// prompt, legal action, event and the outcome must then carry text, and each
// game's line shows ("text") the text and Message of the first legal action's
// label, the first public event, the outcome and the stale step's refusal.
//
// Prints one JSON line per game, then "N passed, N failed"; exits 1 if any failed.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Marketplay.Client;
using Marketplay.V1;
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

    static async Task<MarketplayException> Refused(Task call, string what)
    {
        try
        {
            await call;
        }
        catch (MarketplayException e)
        {
            return e;
        }
        throw new Mismatch(what + " was accepted");
    }

    static JObject CodeAndReason(MarketplayException e)
    {
        return new JObject { ["code"] = e.Code, ["reason"] = e.Reason };
    }

    // Holds every Message of a game to the locale asked for, and keeps the ones shown.
    sealed class Texts
    {
        public readonly string Locale;
        public int Checked;
        public JObject Action;
        public JObject Event;

        public Texts(string locale)
        {
            Locale = locale;
        }

        static readonly JsonSerializer Json = JsonSerializer.Create(MarketplayClient.JsonSettings);

        public JObject Said(Message message, string what)
        {
            message = message ?? new Message();
            Check(message.Id.Length > 0 && message.Text.Length > 0,
                  what + ": Message '" + message.Id + "' has no text in " + Locale);
            Checked++;
            return new JObject { ["text"] = message.Text, ["message"] = JObject.FromObject(message, Json) };
        }

        public void Update(GameUpdate update)
        {
            Check(update.Locale == Locale, "step " + update.Step + ": rendered in '" + update.Locale + "', not " + Locale);
            foreach (var decision in update.Decisions)
            {
                Said(decision.Prompt, "a prompt");
                foreach (var legal in decision.LegalActions)
                {
                    var label = Said(legal.Label, "a label");
                    if (Action == null) Action = label;
                }
            }
            foreach (var gameEvent in update.Events)
            {
                var line = Said(gameEvent.Message, "an event");
                if (Event == null && gameEvent.Audience.Count == 0) Event = line;
            }
        }
    }

    static GameUpdate With(GameUpdate update, byte[] state, long step)
    {
        return new GameUpdate { State = state, Step = step, Decisions = update.Decisions };
    }

    static async Task<JObject> PlayOne(MarketplayClient client, JObject config, Random random, byte[] seed,
                                       string locale, List<string> names)
    {
        var game = (string)config["game"];
        var players = (int)config["players"];
        var options = config["options"].ToObject<Dictionary<string, string>>();
        var rulesVersion = (string)config["rules_version"] ?? "";
        var views = new ViewSelection { AllSeats = true, Spectator = true };
        Texts texts = null;
        if (locale.Length > 0)
        {
            views.Locale = locale;
            views.SeatNames = names.Take(players).ToList();
            texts = new Texts(locale);
        }

        var started = await client.NewGameAsync(new NewGameRequest
        {
            GameId = game, NumPlayers = players, Options = options, Seed = seed, Views = views,
            RulesVersion = rulesVersion,
        });
        Check(started.SeatTokens.Count == players, "NewGame returned " + started.SeatTokens.Count + " seat tokens");
        var tokens = MarketplayClient.TokensBySeat(started.SeatTokens);
        var update = started.Update;
        if (texts != null) texts.Update(update);

        var offered = MarketplayClient.LegalMoves(update);
        var first = offered[random.Next(offered.Count)];
        var tampered = (byte[])update.State.Clone();
        tampered[tampered.Length - 5] ^= 0x01;
        var tamperedRefusal = await Refused(client.ApplyAsync(With(update, tampered, update.Step), first, tokens, views),
                                            "a tampered state");
        var staleRefusal = await Refused(client.ApplyAsync(With(update, update.State, update.Step + 1), first, tokens, views),
                                         "a stale expected_step");
        Check(tamperedRefusal.Said == null, "a tampered state's refusal carries a player's Message");
        var refusals = new JObject
        {
            ["tampered"] = CodeAndReason(tamperedRefusal),
            ["stale"] = CodeAndReason(staleRefusal),
        };

        var played = new List<SeatAction>();
        while (update.Outcome == null)
        {
            Check(played.Count < MaxSteps, "no outcome after " + MaxSteps + " moves");
            var moves = MarketplayClient.LegalMoves(update);
            Check(moves.Count > 0, "step " + update.Step + ": no decision carries legal actions");
            var move = moves[random.Next(moves.Count)];
            var before = update.Step;
            update = await client.ApplyAsync(update, move, tokens, views);
            Check(update.Step == before + 1, "step went from " + before + " to " + update.Step);
            if (texts != null) texts.Update(update);
            played.Add(move);
        }
        var outcome = update.Outcome;

        var renewed = await client.RenewSeatTokenAsync(update.State, 0, tokens[0]);
        var seat0 = new ViewSelection { Seats = { 0 } };
        var viewed = (await client.GetViewAsync(new GetViewRequest
        {
            State = update.State, Views = seat0,
            ViewTokens = MarketplayClient.ViewTokens(new Dictionary<int, string> { [0] = renewed }, seat0),
        })).Update;
        var viewOk = renewed.Length > 0 && viewed.Step == update.Step && viewed.Views.Count == 1 && viewed.Views[0].Seat == 0;

        var replayed = await client.ReplayAsync(new ReplayRequest
        {
            GameId = game, NumPlayers = players, Options = options, Seed = outcome.Seed, SeedSalt = outcome.SeedSalt,
            Actions = played, RulesVersion = update.RulesVersion,
        });
        var digest = replayed.Update.Outcome == null ? new byte[0] : replayed.Update.Outcome.FinalStateDigest;
        var digestOk = replayed.ActionsApplied == played.Count && digest.Length > 0
                       && digest.SequenceEqual(outcome.FinalStateDigest);

        var summary = new JObject
        {
            ["protocol"] = "connect+json", ["game"] = game, ["players"] = players, ["options"] = JObject.FromObject(options),
            ["steps"] = update.Step, ["winners"] = new JArray(outcome.Winners), ["replay_digest_ok"] = digestOk,
            ["view_step_ok"] = viewOk, ["refusals"] = refusals,
        };
        if (texts != null)
        {
            Check(texts.Action != null && texts.Event != null, "the game had no legal action or no public event");
            summary["text"] = new JObject
            {
                ["locale"] = texts.Locale,
                ["action"] = texts.Action,
                ["event"] = texts.Event,
                ["outcome"] = texts.Said(outcome.Summary, "the outcome"),
                ["refusal"] = texts.Said(staleRefusal.Said, "the stale step's refusal"),
                ["checked"] = texts.Checked,
            };
            Console.Error.WriteLine(game + ": " + texts.Action["text"] + " | " + texts.Event["text"]);
        }
        return summary;
    }

    static int Main(string[] argv)
    {
        var locale = "";
        var names = new List<string>();
        var positional = new List<string>();
        for (var i = 0; i < argv.Length; i++)
        {
            if (argv[i] == "--locale" && i + 1 < argv.Length) locale = argv[++i];
            else if (argv[i] == "--seat-names" && i + 1 < argv.Length) names = argv[++i].Split(',').ToList();
            else positional.Add(argv[i]);
        }
        var args = positional.ToArray();
        if (args.Length < 2)
        {
            Console.Error.WriteLine("usage: mono play.exe [--locale L [--seat-names A,B]] BASE_URL CONFIGS.json [SEED]");
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
                    var summary = PlayOne(client, config, new Random((int)(seed * 1000003 + i)), gameSeed,
                                          locale, names).Result;
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
