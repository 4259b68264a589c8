## The playground's own words (docs/playground.md, "What it shows"). The game's sentences
## (labels, prompts, the log, the outcome, refusals) and words (spices, products,
## produce, options) are the server's catalogs'; these are only the page's.
## Every id here is used by the page's sources and every id they use is here
## (tests/service/http/test_playground_words.py); German has each one too.

## The page around the game

skip-to-actions = Skip to the actions
tagline = Play the games through the public HTTP API and watch what each seat is told.
pages =
    .aria-label = Pages
tab-play = Play
tab-replay = Replay
language = Language
api-documents =
    .aria-label = API documents
link-health = Health
link-catalogs = Catalogs
catalog-failed = The { $locale } catalog could not be loaded: { $error }
unknown = ?
nothing = nothing
you-mark = {" "}(you)
spectator = Spectator
step = step { $step }
percent = { NUMBER($value, maximumFractionDigits: 1) }%

## Set-up

new-game = New game
asking-list-games = Asking the server for its games…
list-games-failed = ListGames failed: { $error }
setup-game = Game
setup-rules-version = Rules version
setup-players = Players
setup-players-range = { $min }–{ $max } players
setup-seed = Seed (optional)
    .placeholder = any text; empty: the server draws one
setup-seed-hint = The same seed deals the same game.
setup-seats = Who plays each seat, and the name the game's text gives it
setup-name = Name (optional)
setup-table-options = Turn clocks and take-backs
option-trusted-only = Trusted servers only: it makes hidden facts public, so a server that requires seat tokens refuses it.
start-game = Start game
controller-human = Human (hot-seat)
controller-random = Bot: random
controller-greedy = Bot: greedy
controller-ismcts = Bot: ISMCTS

## The game's status, the seats, the table's settings

deciding = Deciding: { $seats }
whose-view = Whose view to show
follow-deciding = Follow the deciding seat
deciding-badge = deciding
no-view = No view of { $viewer } in this update.
not-this-game = This view is of another game.
table-controls = Seats, bots and the game's log
bot-pace = Bot pace
bot-pace-value = { $ms } ms
bots-pause = Pause bots
bots-run = Run bots
export-log = Export log (JSON)
open-replay = Open in Replay
replay-this-game = Replay this game and check its fairness
answered-without-update = { $call } answered without an update
answered-without-action = SuggestAction answered without an action
call-refused = { $call } refused: { $error }

## Actions

actions = Actions
actions-of = Actions of { $seat }
show-seat = Show { $seat }
spectator-never-acts = A spectator never acts. Deciding now:
seat-does-not-decide = { $seat } does not decide now. Deciding:
played-by-bot = { $seat } is played by { $bot }: it chooses among { $count ->
    [one] its one legal action
   *[other] { $count } legal actions
} on its own.
played-by-bot-paused = { $seat } is played by { $bot }: it chooses among { $count ->
    [one] its one legal action
   *[other] { $count } legal actions
} on its own when the bots run.
legal-actions = { $count ->
    [one] One legal action.
   *[other] { $count } legal actions.
}
grid-hint = Or click your shopfront: first the square for the crate's first half, then the one for its second.
pick-first = Too many to list at once: choose in steps.
pick-next = { $count ->
    [one] One action left:
   *[other] { $count } actions left: choose again.
}
pick-group = Choose one
pick-choice = { $choice }: { $count ->
    [one] one action
   *[other] { $count } actions
}
pick-back = ‹ Back
grid-pick-first = Click the square for the crate's first half.
grid-pick-second = Click the square for its second half.

## Bots

bot-title = Last bot move
bot-chose = { $seat } ({ $bot }) chose
bot-iterations = after { $count ->
    [one] one iteration
   *[other] { $count } iterations
}.
bot-each-scored = The greedy bot scored each candidate on the same { $count } sampled deals.
bot-candidate = Candidate
bot-visits = Visits
bot-value = Value
bots-busy = The server's bots are busy; asking again shortly.
bots-unimplemented = This server does not serve SuggestAction ({ $error }): bots cannot move; seat a person instead.
bot-failed = { $bot } for { $seat } failed: { $error }

## What a view holds, the log, the outcome

redaction-title = What { $seat }'s view holds
redaction-title-spectator = What the spectator's view holds
redaction-seat = Only { $seat } receives this view (its token opens it); every other view leaves out the first list.
redaction-spectator = A spectator's view holds only what is public: no hand, no secret choice.
only-this-seat-sees = Only this seat sees
nothing-private = Nothing private right now.
hidden-from-this-view = Hidden from this view
redaction-your-hand = Your hand
redaction-hand-of = { $seat }'s hand
redaction-deck = The deck (and its order)
redaction-draw-pile = The draw pile (and its order)
cards-count-on-board = { $count ->
    [0] no cards
    [one] one card, shown on the board
   *[other] { $count } cards, shown on the board
}
face-down-cards = { $count ->
    [one] one face-down card
   *[other] { $count } face-down cards
}
face-down-crates = { $count ->
    [one] one face-down crate
   *[other] { $count } face-down crates
}
event-log = Event log
log-as-received = As { $viewer } receives it, newest first.
log-private-left-out = { $count ->
    [one] One private event addressed to other seats is left out.
   *[other] { $count } private events addressed to other seats are left out.
}
log-older = { $count ->
    [one] … and one older event (Export log keeps the whole game).
   *[other] … and { $count } older events (Export log keeps the whole game).
}
log-step = step { $step }
no-events = No events yet.
private-event = private: { $seats }
private-event-hint = A private event: only these seats receive it
view-json = This view as JSON (the GameView of { $viewer })
col-seat = Seat
col-rank = Rank
col-score = Score
col-tie-break = Tie-break values
col-points = Points
col-total = Total
col-status = Status
seed-revealed = Seed revealed:
salt = salt:
no-salt = (no salt: a game started before salts)
winners = Winners:

## Pieces every board uses

round-of = Round { $round } of { $total }
phase-game-over = Game over
first-player = First player: { $seat }
starting-player = Starting player: { $seat }
status-first-player = first player
status-starting-player = starting player
to-move = to move
your-hand = { $seat }'s hand ({ $count ->
    [one] one card
   *[other] { $count } cards
})
no-cards-in-hand = No cards in hand.
cards-count-own = { $count ->
    [one] one card (yours, above)
   *[other] { $count } cards (yours, above)
}
points = { $count ->
    [one] one point
   *[other] { $count } points
}
kg = { $kg } kg
kg-left-of = { $left } of { $limit } kg left

## Spice Merchant's board

sm-phase-registration = Registering secret goods
sm-phase-trading = Trading
sm-secret-goods-this-round = { $count ->
    [one] one secret good this round
   *[other] { $count } secret goods this round
}
sm-nutmeg-prices = { $spice }: { $prices }
sm-markets = World markets around the deck
sm-markets-scored = World markets as the last round was scored
sm-markets-as-scored = Markets as scored in round { $round }
sm-deck = deck
sm-market-name = Market { $market }
sm-market-label = Market { $market }: { $count } × { $spice }, worth { $points } each
sm-market-empty-label = Market { $market }: empty
sm-market-empty = empty
sm-worth = { $points ->
    [one] 1 point each
   *[other] { $points } points each
}
sm-price-list = Price list: points per good by how many cards its market holds
sm-price-lit = As the markets stand now.
sm-col-spice = Spice
sm-col-cards = Cards
sm-col-in-market = { $count ->
    [one] one card in the market
   *[other] { $count } cards in the market
}
sm-merchants = Merchants
sm-merchant = Merchant
sm-hand = Hand
sm-secret-goods = Secret goods
sm-open-good = Open good
sm-secret = secret
sm-open = open
sm-goods-sold = Goods sold
sm-rounds = Points by round
sm-status-registered = registered
sm-status-registering = registering
sm-status-passed = passed
sm-status-open-trade-used = open trade used
sm-round-scoring = Round { $round } scored: { $reason }
sm-sold = Sold
sm-unsold = Unsold
sm-sale = { $spice } on market { $market }: { $points }
sm-your-secret-goods = Your secret goods
sm-redaction-secret-goods-of = { $seat }'s secret goods (revealed at scoring)

## Central Market's board

cm-phase-offer = Offering a product
cm-phase-starting-bid = Starting bid
cm-phase-first-lap = Bidding: first lap
cm-phase-lowering = Bidding: lowering
cm-phase-sell = Selling
cm-phase-rot = Rot window
cm-phase-tourists = Tourists window
cm-phase-tourists-sale = Tourists sale
cm-phase-set-aside = Setting aside for the final round
cm-final-round = Round { $round } of { $total } (the final round)
cm-prices = Prices 1–{ $max }
cm-product-removed = { $product }: removed (40 cards)
cm-on-offer = On offer
cm-offered-by = offered by { $seat }
cm-choosing-product = { $seat } is choosing a product.
cm-nothing-on-offer = Nothing on offer.
cm-lowest-bid = Lowest bid:
cm-bidding-card = Bidding card
cm-token = { $seat } bids { $price }
cm-bid-of = { $seat } { $price } ({ $state })
cm-no-bids = no bids yet
cm-bid-passed = passed
cm-bid-bidding = bidding
cm-bid-stayed = stayed
cm-bid-sold = sold
cm-products = Products this round
cm-removed = removed from the game
cm-offered = offered
cm-vendors = Vendors
cm-victory-points = Victory points
cm-income = Income
cm-kg-left = Limit left
cm-bid = Bid
cm-action-cards = Action cards
cm-set-aside = Set aside
cm-played = Played this round
cm-unused = { $card }: unused
cm-used = { $card }: used
cm-has-chosen = has chosen
cm-choosing = choosing
cm-piles = Piles
cm-draw-pile = Draw pile
cm-discard-pile = { $count ->
    [one] Discard pile (open): one card
   *[other] Discard pile (open): { $count } cards
}
cm-empty = empty
cm-sales = Sales
cm-this-round = This round
cm-seller = Seller
cm-product = Product
cm-price = Price
cm-cards = Cards
cm-weight-col = Weight
cm-weight = { $lost ->
    [0] { $sold } kg sold
   *[other] { $sold } kg sold, { $lost } kg lost
}
cm-rotted-by = rotted by { $seats }
cm-now-selling = Now selling: { $seat }, { $what } at { $price }
cm-counted = { $counted } kg counted, { $paid } kg paid
cm-rounds-scored = Rounds scored
cm-round = Round
cm-round-result = { $points } VP (income { $income })
cm-set-aside-for-final = Set aside for the final round
cm-your-choice-waiting = Your choice (waiting for the others)
cm-your-set-aside = Your set-aside cards
cm-your-set-aside-choice = Your set-aside choice
cm-set-aside-of = { $seat }'s set-aside cards
cm-has-chosen-hidden = { $seat } has chosen what to set aside (which card, or none, stays hidden)

## Market Fresh's board

mf-grid = { $size }×{ $size } shopfronts
mf-turns-played = { $count ->
    [one] one turn played
   *[other] { $count } turns played
}
mf-now = { $seat }: { $step }
mf-step-take-crate = take a crate
mf-step-choose-crate = choose a crate to add
mf-step-place-crate = place the crate
mf-step-score = score the crate
mf-step-other = decide
mf-crate-of = crate of { $first } and { $second }
mf-crate-supply = Crate supply
mf-face-up = Face up
mf-face-down = Face down
mf-removed-at-set-up = Removed at set-up, unseen
mf-removed = Removed (could not be placed):
mf-score-track = Score track
mf-market-board = Market Board
mf-market-board-caption = Farmer Tiles by produce and row (a seat's number on each tile)
mf-row = Row
mf-farmer-tile = { $seat }: { $produce }, row { $row }
mf-produce = Produce
mf-this-turn = This turn
mf-adding = { $seat } is adding
mf-scoring = Scoring
mf-visible = Visible
mf-height = Height
mf-tile-row = Farmer Tile row
mf-points-with-bonus = { $points } (with the +5 bonus)
mf-ways-to-score = Ways to score the crate just added
mf-seat-panel = { $seat }'s shopfront and crates
mf-shopfront-of = { $seat }'s shopfront
mf-holds = { $count ->
    [0] Holds no crate.
    [one] Holds one crate:
   *[other] Holds { $count } crates:
}
mf-tiles-on-board = { $count ->
    [one] One Farmer Tile on the board
   *[other] Farmer Tiles on the board: { $count }
}
mf-height-scored = height-scored: { $produce }
mf-square-blank = { $square }: blank
mf-square-crate = { $square }: { $produce }, crate height { $height }
mf-square-picture = { $square }: { $produce } (picture square)
mf-final-scoring = Final scoring
mf-crate-points = Crate points
mf-column-awards = Column awards
mf-column-award = { $produce }, row { $row }: { $points }
mf-farmer-tiles = Farmer Tiles
mf-tile-points = Tile points
mf-unused-crates = Unused crates
mf-unused = { $count } (−{ $penalty })
mf-your-crates = Your crates (others see only those taken face up)
mf-face-down-of = { $seat }'s crates taken face down
mf-supply-face-down = Face-down crates in the supply (and their order)

## Turn clocks and take-backs

clocks-title = Turn clocks
clock-bank = Bank
clock-decision = Decision
clock-out-of-time = out of time
clock-not-deciding = not deciding
clock-seconds = { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
clocks-hint = Counted from the server's time. Past a deadline and the server's tolerance anyone may claim the timeout, and the table's policy answers for the seat: { $policy }.
claim-timeout = Claim timeout
undo-title = Take back
undo-hint = A seat may take back its own latest moves until something is drawn, revealed or chosen by another seat.
undo-button = { $allowed ->
    [one] Undo { $seat }'s last move
   *[other] Undo { $seat }'s last move ({ $allowed } allowed)
}

## Replay

replay-load-title = Replay a game
replay-load-hint = Paste a game log (Export log on the Play page writes one), or load it from a file. Each step replays the actions up to it.
replay-json = Game log (JSON)
replay-load = Load
replay-file = Load from a file…
replay-not-a-log = This is not a game log: { $error }
replay-refused = Replay refused at step { $step }: { $error }
replay-title = Replay:
replay-facts = { $players ->
    [one] one player
   *[other] { $players } players
} · { $actions ->
    [one] one action
   *[other] { $actions } actions
}
replay-stepper = Step through the game
replay-start = « Start
replay-back = ‹ Back
replay-next = Next ›
replay-end = End »
replay-step = Step
replay-position = { $step } of { $total } actions applied
replay-end-of-log = The end of the log.
replay-next-action = Next: { $seat } — { $action }
replay-at-step = At step { $step }
replay-events-of = Events of action { $step }
replay-events-set-up = Events of the set-up
fairness-title = Fairness check
fairness-no-seed = The log has no seed: it is revealed when the game ends (or set one when starting). Nothing to check yet.
fairness-no-webcrypto = WebCrypto is not available here (the page is not a secure context: open it on https or localhost).
fairness-pending = No commitment to compare with yet.
fairness-match = ✓ Match: the revealed seed is the one the game committed to before its first shuffle.
fairness-mismatch = ✗ Mismatch: this seed and salt are not the ones the game committed to.
fairness-mismatch-unsalted = ✗ Mismatch. Without a salt the commitment is SHA-256(seed), as in games started before salts; a newer game's salt is revealed only when it ends.
digest-name = Final state digest
digest-pending = Step to the end to compare the replay's final state with the game's.
digest-same = ✓ The replay ends in exactly the game's final state (the same final state digest).
digest-differs = ✗ The replay ends in another state than the game did.
commitment-from-log = Commitment the game showed (from the log)
commitment-in-views-only = Commitment in the replay's views (the log has none)
commitment-computed = { $formula }, computed in this page
commitment-in-views = Commitment in the replay's views
same = ✓ the same
differs = ✗ differs
revealed-seed = Revealed seed
revealed-salt = Revealed salt
no-salt-yet = none (a game started before salts, or one not over yet)

## The API panel

api-title = API calls (Connect JSON)
api-every-call = Every call is a POST of the message as JSON, through the generated TypeScript client:
api-recent = Recent calls, newest first
api-no-calls = No calls yet.
api-shorten = Shorten long base64 (sealed state, tokens); uncheck for the exact bytes
api-request = Request
api-response = Response
