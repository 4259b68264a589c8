package client

import (
	"errors"
	"fmt"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/example/marketplay/clients/go/marketplay/v1"
)

// A refusal as the server sends it: the code, an ErrorInfo and the player's Message.
func staleStep(t *testing.T) error {
	t.Helper()
	st, err := status.New(codes.Aborted, "the game moved on").WithDetails(
		&errdetails.ErrorInfo{Reason: "STALE_STEP", Domain: Domain, Metadata: map[string]string{"step": "7"}},
		&pb.Message{Id: "refusal-stale-step", Text: "The game moved on."},
	)
	if err != nil {
		t.Fatal(err)
	}
	return st.Err()
}

func TestARefusalCarriesItsCodeReasonMetadataAndWords(t *testing.T) {
	err := refusal(staleStep(t))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("refusal gave %T, not *Error", err)
	}
	if e.Code != codes.Aborted || e.Reason != "STALE_STEP" || e.Metadata["step"] != "7" {
		t.Fatalf("got code %v reason %q metadata %v", e.Code, e.Reason, e.Metadata)
	}
	if e.Said.GetId() != "refusal-stale-step" || e.Said.GetText() != "The game moved on." {
		t.Fatalf("said %v", e.Said)
	}
	if ReasonOf(fmt.Errorf("wrapped: %w", err)) != "STALE_STEP" {
		t.Fatal("ReasonOf does not see through wrapping")
	}
	if status.Code(err) != codes.Aborted {
		t.Fatal("status.Code does not see the original status")
	}
	if want := "marketplay: Aborted [STALE_STEP]: the game moved on"; e.Error() != want {
		t.Fatalf("Error() = %q, want %q", e.Error(), want)
	}
}

func TestADeveloperMistakeHasNoWordsForPlayers(t *testing.T) {
	st, err := status.New(codes.InvalidArgument, "not a state").WithDetails(
		&errdetails.ErrorInfo{Reason: "MALFORMED_STATE", Domain: Domain})
	if err != nil {
		t.Fatal(err)
	}
	var e *Error
	if !errors.As(refusal(st.Err()), &e) || e.Reason != "MALFORMED_STATE" || e.Said != nil {
		t.Fatalf("got %+v", e)
	}
}

func TestAnErrorThatIsNoStatusPassesThrough(t *testing.T) {
	plain := errors.New("dial failed")
	if refusal(plain) != plain || ReasonOf(plain) != "" {
		t.Fatal("a plain error was changed")
	}
}

func TestTokensForPicksTheSeatsWhoseViewsAreAskedFor(t *testing.T) {
	tokens := TokensOf([]string{"t0", "t1", "t2"})
	if got := tokens.For(&pb.ViewSelection{Seats: []int32{2, 5}}); len(got) != 1 || got[2] != "t2" {
		t.Fatalf("seats 2 and 5: %v", got)
	}
	if got := tokens.For(&pb.ViewSelection{AllSeats: true}); len(got) != 3 || got[0] != "t0" {
		t.Fatalf("all seats: %v", got)
	}
	if got := tokens.For(&pb.ViewSelection{Spectator: true}); len(got) != 0 {
		t.Fatalf("spectator only: %v", got)
	}
}

func TestLegalMovesListEveryDecisionsActionsInOrder(t *testing.T) {
	a, b, c := &pb.GameAction{}, &pb.GameAction{}, &pb.GameAction{}
	update := &pb.GameUpdate{Decisions: []*pb.Decision{
		{Seat: 1, LegalActions: []*pb.GameAction{a, b}},
		{Seat: 0},
		{Seat: 2, LegalActions: []*pb.GameAction{c}},
	}}
	moves := LegalMoves(update)
	want := []Move{{1, a}, {1, b}, {2, c}}
	if len(moves) != len(want) {
		t.Fatalf("got %d moves", len(moves))
	}
	for i := range want {
		if moves[i].Seat != want[i].Seat || moves[i].Action != want[i].Action {
			t.Fatalf("move %d: got seat %d", i, moves[i].Seat)
		}
	}
}
