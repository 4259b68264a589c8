## Words every game shares (docs/text.md, "Catalogs").
## An id is stable: a reworded sentence keeps its id; a new meaning gets a new id.

# A seat without a display name ($number: the seat plus one).
seat-default-name = Player { $number }

## The outcome: who won, with how many points, by which rule

outcome = { $count ->
    [0] Nobody won.
    [one] { $winners } won with { $score } points ({ $rule }).
   *[other] { $winners } share the win with { $score } points ({ $rule }).
}
tie-break-score = most points
tie-break-shared = a tie all the way
tie-break-forfeit = the others ran out of time

## Refusals a player can cause (docs/api.md, "Errors")

refusal-not-your-turn = It is not your turn: waiting for { $seats }.
refusal-illegal-action = You cannot do that now.
refusal-stale-step = The game moved on before your move arrived: look again and choose.
refusal-game-over = The game is over.
