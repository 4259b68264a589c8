package client

import (
	"errors"
	"fmt"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/example/marketplay/clients/go/marketplay/v1"
)

// Domain is the ErrorInfo domain of every refusal the service makes.
const Domain = "marketplay.v1"

// Error is a call the server refused: the gRPC code and the machine-readable
// reason from the google.rpc.ErrorInfo in grpc-status-details-bin (e.g.
// ABORTED / "STALE_STEP"). Branch on Reason, never on Message.
//
// A refusal a player can cause (not their turn, a stale step, a rule's
// numbers) also says why in the player's words: Said, the marketplay.v1.Message
// detail beside the ErrorInfo, with its Text in the request's locale when it
// named one (ViewSelection.Locale). Said is nil for a developer's mistake.
type Error struct {
	Code     codes.Code
	Reason   string
	Metadata map[string]string
	Message  string
	Said     *pb.Message
	status   *status.Status
}

func (e *Error) Error() string {
	if e.Reason == "" {
		return fmt.Sprintf("marketplay: %s: %s", e.Code, e.Message)
	}
	return fmt.Sprintf("marketplay: %s [%s]: %s", e.Code, e.Reason, e.Message)
}

// GRPCStatus lets status.FromError and status.Code see the original status.
func (e *Error) GRPCStatus() *status.Status { return e.status }

// ReasonOf is err's ErrorInfo reason, or "" when err is not a refusal that has one.
func ReasonOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

// refusal turns a gRPC error into an *Error; other errors (a cancelled
// context before any status) pass through unchanged.
func refusal(err error) error {
	st, ok := status.FromError(err)
	if !ok {
		return err
	}
	e := &Error{Code: st.Code(), Message: st.Message(), status: st}
	for _, detail := range st.Details() {
		switch d := detail.(type) {
		case *errdetails.ErrorInfo:
			e.Reason, e.Metadata = d.GetReason(), d.GetMetadata()
		case *pb.Message:
			e.Said = d
		}
	}
	return e
}
