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

## Table options, as a set-up form names them (ListGames' OptionInfo with `table`):
## table-option-<name> is the option's name, -description says what it does,
## -value-<value> names each allowed value (docs/text.md, "Options").

table-option-clock-bank-s = Time bank (seconds)
table-option-clock-bank-s-description = Each seat's time bank, used up while it decides. 0: no bank.
table-option-clock-increment-s = Time added per move (seconds)
table-option-clock-increment-s-description = Seconds added to a seat's bank after each of its moves. Needs a time bank.
table-option-clock-move-s = Time per decision (seconds)
table-option-clock-move-s-description = How long a seat has for each decision, whatever its bank. 0: no limit.
table-option-timeout-policy = When time runs out
table-option-timeout-policy-description = What is played for a seat that ran out of time, once someone claims the timeout.
table-option-timeout-policy-value-random = A random move
table-option-timeout-policy-value-greedy = A sensible move (the greedy bot's)
table-option-timeout-policy-value-pass = Pass
table-option-timeout-policy-value-forfeit = The seat forfeits the game
table-option-timeout-policy-value-easy = An easy bot's move
table-option-timeout-policy-value-medium = A medium bot's move
table-option-takebacks = Take-backs
table-option-takebacks-description = Whether a seat may take back its own latest moves, until something is drawn, revealed or chosen by another seat.
table-option-takebacks-value-off = Off
table-option-takebacks-value-until-barrier = Until a draw, a reveal or another seat's move
