// The sample's game, apart from Unity so it runs anywhere: a two-seat Spice
// Merchant to the end against `make run`, each seat playing its first legal
// action, with the text in the player's language. PlayAGame.cs runs it in a scene;
// tests/interop/test_unity_package.py runs it on Mono against a live server.
using System;
using System.Threading.Tasks;
using Marketplay.Client;
using Marketplay.V1;

namespace Marketplay.Samples
{
    public static class SampleGame
    {
        /// <summary>Plays one game, telling log each line a player would read; returns the outcome's summary.</summary>
        public static async Task<string> PlayAsync(MarketplayClient client, string locale, Action<string> log)
        {
            // A trusted backend sees every seat; the text comes in the player's language.
            var views = new ViewSelection { AllSeats = true, Locale = locale, SeatNames = { "Ann", "Bo" } };
            var started = await client.NewGameAsync(new NewGameRequest
            {
                GameId = "spice-merchant", NumPlayers = 2, Views = views,
            });
            var tokens = MarketplayClient.TokensBySeat(started.SeatTokens);   // hand seat i only tokens[i]
            var update = started.Update;
            log("table: " + update.GameId + " (" + update.RulesVersion + ")");

            // A move chosen at another step is refused (ABORTED, STALE_STEP), never applied twice.
            var old = new GameUpdate { State = update.State, Step = update.Step + 1 };
            try
            {
                await client.ApplyAsync(old, MarketplayClient.LegalMoves(update)[0], tokens, views);
            }
            catch (MarketplayException refused)
            {
                log("refused: " + refused.Reason + ": " + (refused.Said == null ? "" : refused.Said.Text));
            }

            while (update.Outcome == null)
            {
                var move = MarketplayClient.LegalMoves(update)[0];
                log("button: " + move.Action.Label.Text);
                update = await client.ApplyAsync(update, move, tokens, views);
                foreach (var e in update.Events)
                    if (e.Audience.Count == 0) log("log: " + e.Message.Text);   // the public lines
            }
            log("outcome: " + update.Outcome.Summary.Text);
            return update.Outcome.Summary.Text;
        }
    }
}
