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

## The table: take-backs and turn clocks (docs/integration.md)

table-taken-back = { $steps ->
    [one] { $seat } took back their last move.
   *[other] { $seat } took back their last { $steps } moves.
}
table-timed-out-random = { $seat } ran out of time; a move was played for them.
table-timed-out-greedy = { $seat } ran out of time; a move was played for them.
table-timed-out-easy = { $seat } ran out of time; a move was played for them.
table-timed-out-medium = { $seat } ran out of time; a move was played for them.
table-timed-out-pass = { $seat } ran out of time and passes.
table-timed-out-forfeit = { $seat } ran out of time and forfeits the game.
table-timed-out-unknown = { $seat } ran out of time.
refusal-takeback-off = Take-backs are off at this table.
refusal-takeback-barrier = That cannot be taken back: something was drawn, revealed or chosen by chance since.
refusal-not-your-action = Only the seat that made the last move may take it back.
refusal-deadline-passed = Your time for this decision is up.
refusal-no-clock = This game has no clock, so no one can run out of time.
refusal-deadline-not-passed = { $seconds ->
    [one] Nobody has run out of time yet: the first deadline passes in 1 second.
   *[other] Nobody has run out of time yet: the first deadline passes in { $seconds } seconds.
}
