// Command marketplay-play plays whole games through a marketplay gRPC port
// with seeded random legal moves and checks what every caller relies on:
// each action advances step by one (expected_step is sent), a tampered state
// and a stale expected_step are refused with their ErrorInfo reasons, a
// renewed seat token reads that seat's view, and Replay reproduces the
// outcome's final_state_digest.
//
//	marketplay-play -target 127.0.0.1:50051 -configs FILE [-seed N] [-locale L [-seat-names A,B]]
//
// With -locale every call asks for text in L with the display names of
// -seat-names: every prompt, legal action, event and the outcome must then
// carry text, and each game's line shows (as "text") the text and the Message
// of the first legal action's label, the first public event, the outcome and
// the stale step's refusal.
//
// FILE is a JSON list of {"game", "players", "options", "rules_version"}.
// Prints one JSON line per game, then "N passed, N failed"; exits 1 if any failed.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/ioutil"
	"math/rand"
	"os"
	"strings"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/example/marketplay/clients/go/client"
	pb "github.com/example/marketplay/clients/go/marketplay/v1"
)

const maxSteps = 20000

type config struct {
	Game         string            `json:"game"`
	Players      int32             `json:"players"`
	Options      map[string]string `json:"options"`
	RulesVersion string            `json:"rules_version"`
}

type refused struct {
	Code   string `json:"code"`
	Reason string `json:"reason"`
}

// said is a Message as a game's line shows it: its text, and the Message in proto3 JSON.
type said struct {
	Text    string          `json:"text"`
	Message json.RawMessage `json:"message"`
}

type textSummary struct {
	Locale  string `json:"locale"`
	Checked int    `json:"checked"`
	Action  said   `json:"action"`
	Event   said   `json:"event"`
	Outcome said   `json:"outcome"`
	Refusal said   `json:"refusal"`
}

// texts holds every Message of a game to the locale asked for, and keeps the ones shown.
type texts struct {
	locale  string
	checked int
	action  *said
	event   *said
}

func (t *texts) said(m *pb.Message, what string) (*said, error) {
	if m.GetId() == "" || m.GetText() == "" {
		return nil, fmt.Errorf("%s: Message %q has no text in %s", what, m.GetId(), t.locale)
	}
	raw, err := protojson.Marshal(m)
	if err != nil {
		return nil, err
	}
	t.checked++
	return &said{Text: m.GetText(), Message: raw}, nil
}

func (t *texts) update(u *pb.GameUpdate) error {
	if u.GetLocale() != t.locale {
		return fmt.Errorf("step %d: rendered in %q, not %q", u.GetStep(), u.GetLocale(), t.locale)
	}
	for _, d := range u.GetDecisions() {
		if _, err := t.said(d.GetPrompt(), "a prompt"); err != nil {
			return err
		}
		for _, a := range d.GetLegalActions() {
			s, err := t.said(a.GetLabel(), "a label")
			if err != nil {
				return err
			}
			if t.action == nil {
				t.action = s
			}
		}
	}
	for _, e := range u.GetEvents() {
		s, err := t.said(e.GetMessage(), "an event")
		if err != nil {
			return err
		}
		if t.event == nil && len(e.GetAudience()) == 0 {
			t.event = s
		}
	}
	return nil
}

type summary struct {
	Protocol       string             `json:"protocol"`
	Game           string             `json:"game"`
	Players        int32              `json:"players"`
	Options        map[string]string  `json:"options"`
	Steps          int64              `json:"steps"`
	Winners        []int32            `json:"winners"`
	ReplayDigestOK bool               `json:"replay_digest_ok"`
	ViewStepOK     bool               `json:"view_step_ok"`
	Refusals       map[string]refused `json:"refusals"`
	Text           *textSummary       `json:"text,omitempty"`
}

func refusalOf(err error, what string) (refused, *pb.Message, error) {
	if err == nil {
		return refused{}, nil, fmt.Errorf("%s was accepted", what)
	}
	var e *client.Error
	if !errors.As(err, &e) {
		return refused{}, nil, fmt.Errorf("%s: not a refusal: %w", what, err)
	}
	return refused{Code: e.Code.String(), Reason: e.Reason}, e.Said, nil
}

func playOne(ctx context.Context, c *client.Client, cfg config, random *rand.Rand, seed []byte,
	locale string, names []string) (*summary, error) {
	views := &pb.ViewSelection{AllSeats: true, Spectator: true}
	var text *texts
	if locale != "" {
		if len(names) > int(cfg.Players) {
			names = names[:cfg.Players]
		}
		views.Locale, views.SeatNames = locale, names
		text = &texts{locale: locale}
	}
	started, err := c.NewGame(ctx, &pb.NewGameRequest{GameId: cfg.Game, NumPlayers: cfg.Players,
		Options: cfg.Options, Seed: seed, Views: views, RulesVersion: cfg.RulesVersion})
	if err != nil {
		return nil, fmt.Errorf("NewGame: %w", err)
	}
	if len(started.SeatTokens) != int(cfg.Players) {
		return nil, fmt.Errorf("NewGame returned %d seat tokens", len(started.SeatTokens))
	}
	update := started.Update
	tokens := started.SeatTokens
	if text != nil {
		if err := text.update(update); err != nil {
			return nil, err
		}
	}

	moves := client.LegalMoves(update)
	first := moves[random.Intn(len(moves))]
	tampered := append([]byte(nil), update.GetState()...)
	tampered[len(tampered)-5] ^= 0x01
	bad := proto.Clone(update).(*pb.GameUpdate)
	bad.State = tampered
	_, err = c.Apply(ctx, bad, first, tokens, views)
	tamperedRefusal, tamperedSaid, err := refusalOf(err, "a tampered state")
	if err != nil {
		return nil, err
	}
	if tamperedSaid != nil {
		return nil, fmt.Errorf("a tampered state's refusal carries a player's Message %q", tamperedSaid.GetId())
	}
	stale := proto.Clone(update).(*pb.GameUpdate)
	stale.Step = update.GetStep() + 1
	_, err = c.Apply(ctx, stale, first, tokens, views)
	staleRefusal, staleSaid, err := refusalOf(err, "a stale expected_step")
	if err != nil {
		return nil, err
	}

	var played []*pb.SeatAction
	for update.GetOutcome() == nil {
		if len(played) >= maxSteps {
			return nil, fmt.Errorf("no outcome after %d moves", maxSteps)
		}
		moves := client.LegalMoves(update)
		if len(moves) == 0 {
			return nil, fmt.Errorf("step %d: no decision carries legal actions", update.GetStep())
		}
		move := moves[random.Intn(len(moves))]
		before := update.GetStep()
		if update, err = c.Apply(ctx, update, move, tokens, views); err != nil {
			return nil, fmt.Errorf("ApplyAction at step %d: %w", before, err)
		}
		if update.GetStep() != before+1 {
			return nil, fmt.Errorf("step went from %d to %d after one action", before, update.GetStep())
		}
		if text != nil {
			if err := text.update(update); err != nil {
				return nil, err
			}
		}
		played = append(played, &pb.SeatAction{Seat: move.Seat, Action: move.Action})
	}
	outcome := update.GetOutcome()

	renewed, err := c.RenewSeatToken(ctx, update.GetState(), 0, tokens[0])
	if err != nil {
		return nil, fmt.Errorf("RenewSeatToken: %w", err)
	}
	viewed, err := c.GetView(ctx, update.GetState(), &pb.ViewSelection{Seats: []int32{0}},
		client.Tokens{0: renewed})
	if err != nil {
		return nil, fmt.Errorf("GetView with the renewed token: %w", err)
	}
	viewOK := renewed != "" && viewed.GetStep() == update.GetStep() && len(viewed.GetViews()) == 1 &&
		viewed.GetViews()[0].GetSeat() == 0

	replayed, err := c.Replay(ctx, &pb.ReplayRequest{GameId: cfg.Game, NumPlayers: cfg.Players,
		Options: cfg.Options, Seed: outcome.GetSeed(), SeedSalt: outcome.GetSeedSalt(), Actions: played,
		RulesVersion: update.GetRulesVersion()})
	if err != nil {
		return nil, fmt.Errorf("Replay: %w", err)
	}
	digest := replayed.GetUpdate().GetOutcome().GetFinalStateDigest()
	digestOK := int(replayed.GetActionsApplied()) == len(played) && len(digest) > 0 &&
		bytes.Equal(digest, outcome.GetFinalStateDigest())

	options := cfg.Options
	if options == nil {
		options = map[string]string{}
	}
	s := &summary{Protocol: "grpc", Game: cfg.Game, Players: cfg.Players, Options: options,
		Steps: update.GetStep(), Winners: outcome.GetWinners(), ReplayDigestOK: digestOK, ViewStepOK: viewOK,
		Refusals: map[string]refused{"tampered": tamperedRefusal, "stale": staleRefusal}}
	if text != nil {
		if s.Text, err = text.summary(outcome, staleSaid); err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "%s: %s | %s\n", cfg.Game, s.Text.Action.Text, s.Text.Event.Text)
	}
	return s, nil
}

func (t *texts) summary(outcome *pb.Outcome, stale *pb.Message) (*textSummary, error) {
	if t.action == nil || t.event == nil {
		return nil, fmt.Errorf("the game had no legal action or no public event")
	}
	end, err := t.said(outcome.GetSummary(), "the outcome")
	if err != nil {
		return nil, err
	}
	refusal, err := t.said(stale, "the stale step's refusal")
	if err != nil {
		return nil, err
	}
	return &textSummary{Locale: t.locale, Checked: t.checked, Action: *t.action, Event: *t.event,
		Outcome: *end, Refusal: *refusal}, nil
}

func main() {
	target := flag.String("target", "127.0.0.1:50051", "the gRPC port, host:port")
	configsFile := flag.String("configs", "", "JSON list of games to play")
	seed := flag.Int64("seed", 1, "seeds the moves and each game's seed")
	locale := flag.String("locale", "", "ask for text in this locale (BCP 47), e.g. de")
	seatNames := flag.String("seat-names", "", "display names by seat, comma-separated (with -locale)")
	flag.Parse()
	var names []string
	if *seatNames != "" {
		names = strings.Split(*seatNames, ",")
	}
	text, err := ioutil.ReadFile(*configsFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "marketplay-play:", err)
		os.Exit(2)
	}
	var configs []config
	if err := json.Unmarshal(text, &configs); err != nil {
		fmt.Fprintln(os.Stderr, "marketplay-play: -configs:", err)
		os.Exit(2)
	}
	c, err := client.Dial(*target)
	if err != nil {
		fmt.Fprintln(os.Stderr, "marketplay-play:", err)
		os.Exit(2)
	}
	defer c.Close()
	passed, failed := 0, 0
	for i, cfg := range configs {
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		random := rand.New(rand.NewSource(*seed*1000003 + int64(i)))
		s, err := playOne(ctx, c, cfg, random, []byte(fmt.Sprintf("marketplay-play/%d/%d", *seed, i)), *locale, names)
		cancel()
		if err != nil {
			failed++
			fmt.Fprintf(os.Stderr, "FAIL %s %dp %v: %v\n", cfg.Game, cfg.Players, cfg.Options, err)
			continue
		}
		passed++
		line, _ := json.Marshal(s)
		fmt.Println(string(line))
	}
	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		os.Exit(1)
	}
}
