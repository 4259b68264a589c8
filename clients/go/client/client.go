// Package client is a small Go client for the marketplay GameService over
// native gRPC (the gRPC port, 50051 by default).
//
// It wraps the generated stubs (package marketplay/v1) with what every caller
// needs: refusals as *Error values carrying the google.rpc.ErrorInfo reason,
// the acting seat's token, expected_step on every action, and RenewSeatToken.
// Everything else (views, events, outcomes) is the generated messages.
package client

import (
	"context"

	"google.golang.org/grpc"

	pb "github.com/example/marketplay/clients/go/marketplay/v1"
)

// Version is the marketplay release this client was generated for.
const Version = "0.2.0"

// Client calls one marketplay server. It is safe for concurrent use.
type Client struct {
	conn *grpc.ClientConn
	stub pb.GameServiceClient
}

// Dial connects to a gRPC port, e.g. "127.0.0.1:50051". Without options the
// connection is cleartext (grpc.WithInsecure); pass TLS credentials in production.
func Dial(target string, opts ...grpc.DialOption) (*Client, error) {
	if len(opts) == 0 {
		opts = []grpc.DialOption{grpc.WithInsecure()}
	}
	conn, err := grpc.Dial(target, opts...)
	if err != nil {
		return nil, err
	}
	return &Client{conn: conn, stub: pb.NewGameServiceClient(conn)}, nil
}

// New wraps a connection the caller owns (Close then does nothing).
func New(conn grpc.ClientConnInterface) *Client {
	return &Client{stub: pb.NewGameServiceClient(conn)}
}

// Close closes the connection Dial opened.
func (c *Client) Close() error {
	if c.conn == nil {
		return nil
	}
	return c.conn.Close()
}

// Stub is the generated client, for calls this package does not wrap (SuggestAction).
func (c *Client) Stub() pb.GameServiceClient { return c.stub }

// Started is a new game: its first update and every seat's token.
type Started struct {
	Update *pb.GameUpdate
	// SeatTokens[i] is seat i's capability token: hand each seat only its own.
	SeatTokens Tokens
}

// ListGames lists every game the server plays.
func (c *Client) ListGames(ctx context.Context) ([]*pb.GameInfo, error) {
	resp, err := c.stub.ListGames(ctx, &pb.ListGamesRequest{})
	if err != nil {
		return nil, refusal(err)
	}
	return resp.GetGames(), nil
}

// NewGame starts a game.
func (c *Client) NewGame(ctx context.Context, req *pb.NewGameRequest) (*Started, error) {
	resp, err := c.stub.NewGame(ctx, req)
	if err != nil {
		return nil, refusal(err)
	}
	return &Started{Update: resp.GetUpdate(), SeatTokens: TokensOf(resp.GetSeatTokens())}, nil
}

// Move is one seat's choice of one of its legal actions.
type Move struct {
	Seat   int32
	Action *pb.GameAction
}

// LegalMoves lists every (seat, action) the update offers, in decision order.
// Only seats whose views were asked for carry their legal actions.
func LegalMoves(update *pb.GameUpdate) []Move {
	var moves []Move
	for _, d := range update.GetDecisions() {
		for _, a := range d.GetLegalActions() {
			moves = append(moves, Move{Seat: d.GetSeat(), Action: a})
		}
	}
	return moves
}

// Tokens are the seat tokens a caller holds, by seat: every seat's for a
// trusted backend, its own for a seat's frontend.
type Tokens map[int32]string

// TokensOf indexes NewGame's seat tokens by seat.
func TokensOf(seatTokens []string) Tokens {
	tokens := make(Tokens, len(seatTokens))
	for seat, token := range seatTokens {
		tokens[int32(seat)] = token
	}
	return tokens
}

// For picks the tokens a request needs for the views it asks for.
func (t Tokens) For(views *pb.ViewSelection) map[int32]string {
	picked := map[int32]string{}
	for seat, token := range t {
		if views.GetAllSeats() {
			picked[seat] = token
		}
	}
	for _, seat := range views.GetSeats() {
		if token, ok := t[seat]; ok {
			picked[seat] = token
		}
	}
	return picked
}

// Apply plays move on update's state with the acting seat's token (and the
// tokens of the seats whose views are asked for), naming update's step as
// expected_step: if another call advanced the game first, the server refuses
// with ABORTED and reason STALE_STEP instead of applying the move twice.
func (c *Client) Apply(ctx context.Context, update *pb.GameUpdate, move Move, tokens Tokens,
	views *pb.ViewSelection) (*pb.GameUpdate, error) {
	step := update.GetStep()
	return c.ApplyAction(ctx, &pb.ApplyActionRequest{
		State: update.GetState(), Seat: move.Seat, Action: move.Action, ExpectedStep: &step,
		SeatToken: tokens[move.Seat], Views: views, ViewTokens: tokens.For(views),
	})
}

// ApplyAction sends a request as built by the caller.
func (c *Client) ApplyAction(ctx context.Context, req *pb.ApplyActionRequest) (*pb.GameUpdate, error) {
	resp, err := c.stub.ApplyAction(ctx, req)
	if err != nil {
		return nil, refusal(err)
	}
	return resp.GetUpdate(), nil
}

// GetView re-renders a state for the seats in views, with their tokens.
func (c *Client) GetView(ctx context.Context, state []byte, views *pb.ViewSelection,
	tokens Tokens) (*pb.GameUpdate, error) {
	resp, err := c.stub.GetView(ctx, &pb.GetViewRequest{State: state, Views: views, ViewTokens: tokens.For(views)})
	if err != nil {
		return nil, refusal(err)
	}
	return resp.GetUpdate(), nil
}

// RenewSeatToken trades a seat's token (expired or not) for a fresh one.
func (c *Client) RenewSeatToken(ctx context.Context, state []byte, seat int32, seatToken string) (string, error) {
	resp, err := c.stub.RenewSeatToken(ctx, &pb.RenewSeatTokenRequest{State: state, Seat: seat, SeatToken: seatToken})
	if err != nil {
		return "", refusal(err)
	}
	return resp.GetSeatToken(), nil
}

// Replay replays a finished game from its revealed seed; compare the result's
// outcome.final_state_digest with the game's to check no shuffle was rigged.
func (c *Client) Replay(ctx context.Context, req *pb.ReplayRequest) (*pb.ReplayResponse, error) {
	resp, err := c.stub.Replay(ctx, req)
	if err != nil {
		return nil, refusal(err)
	}
	return resp, nil
}
