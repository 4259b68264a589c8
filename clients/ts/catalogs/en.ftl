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

## Central Market (docs/rules/central-market.md). Ids are stable (docs/text.md).

### The pieces

# The action cards' names, used inside the messages below.
-central-market-cheat = Cheat
-central-market-rot = Rot
-central-market-tourists = Tourists

# The action cards by name, for a board that shows them.
central-market-card-cheat = { -central-market-cheat }
central-market-card-rot = { -central-market-rot }
central-market-card-tourists = { -central-market-tourists }

central-market-product-tomatoes = Tomatoes
central-market-product-carrots = Carrots
central-market-product-eggplants = Eggplants
central-market-product-cucumbers = Cucumbers
central-market-product-peppers = Peppers
central-market-card-tomatoes-2 = Tomatoes (2 kg)
central-market-card-tomatoes-3 = Tomatoes (3 kg)
central-market-card-tomatoes-4 = Tomatoes (4 kg)
central-market-card-carrots-2 = Carrots (2 kg)
central-market-card-carrots-3 = Carrots (3 kg)
central-market-card-carrots-4 = Carrots (4 kg)
central-market-card-eggplants-2 = Eggplants (2 kg)
central-market-card-eggplants-3 = Eggplants (3 kg)
central-market-card-eggplants-4 = Eggplants (4 kg)
central-market-card-cucumbers-2 = Cucumbers (2 kg)
central-market-card-cucumbers-3 = Cucumbers (3 kg)
central-market-card-cucumbers-4 = Cucumbers (4 kg)
central-market-card-peppers-2 = Peppers (2 kg)
central-market-card-peppers-3 = Peppers (3 kg)
central-market-card-peppers-4 = Peppers (4 kg)

# Why a seat skips its offer, passes or cannot sell (after a colon).
central-market-skip-reason-player-limit = their player's limit is used up
central-market-skip-reason-nothing-to-offer = no product in their hand may still be offered
central-market-skip-reason-cannot-undercut = the lowest bid is already the lowest price
central-market-skip-reason-product-limit = the product limit is used up

central-market-tie-break-unused-action-cards = most unused action cards

### Actions (a button's label, by the decision it answers)

central-market-action-offer-offer = Offer { $product }
central-market-action-starting-bid-bid = Start at { $price }
central-market-action-bid-bid = Bid { $price }
central-market-action-bid-pass = Pass
central-market-action-lower-bid-bid = Lower to { $price }
central-market-action-lower-bid-stay = Stay at { $bid }
central-market-action-sell-sell-card = Sell { $card }
central-market-action-sell-finish-sale = Finish selling
central-market-action-respond-rot-play-rot = Play { -central-market-rot } on { $seller }
central-market-action-respond-rot-pass = Decline
central-market-action-respond-tourists-play-tourists = Play { -central-market-tourists }
central-market-action-respond-tourists-pass = Decline
central-market-action-tourists-sale-sell-card = Sell { $card }
central-market-action-tourists-sale-finish-sale = Finish selling
central-market-action-set-aside-set-aside = Set aside { $card }
central-market-action-set-aside-keep-all = Keep all cards

### Decisions (what a seat is asked; every seat sees it)

central-market-prompt-offer = Choose a product from your hand to offer.
central-market-prompt-starting-bid = Name your starting bid for { $product }: a price from { $least } to { $most }.
central-market-prompt-bid = On offer: { $product }, lowest bid { $lowest }. Bid lower to sell it too, or pass.
central-market-prompt-lower-bid = The lowest bid on { $product } is { $lowest }. Lower your bid of { $bid } below it, or stay.
central-market-prompt-sell = { $cheat ->
    [1] Your { -central-market-cheat } is revealed: play other cards in place of { $product }, at { $price } per kg, then finish.
   *[0] Sell { $product } at { $price } per kg: play cards one at a time, then finish.
} Left: { $product_left } kg of the product limit, { $player_left } kg of your limit.
central-market-prompt-respond-rot = { $seller } is about to be paid for { $paid_kg } kg at { $price }. Play { -central-market-rot } to let half of it rot, or decline.
central-market-prompt-respond-tourists = Play { -central-market-tourists } to sell more { $product } at { $price } per kg, outside the limits, or decline.
central-market-prompt-tourists-sale = Sell { $product } to the { -central-market-tourists } at { $price } per kg, outside the limits: play cards one at a time, then finish.
central-market-prompt-set-aside = Set one card aside, face down, for the final round, or keep all your cards.

### Events (a line of the game's log)

central-market-event-round-started = { $final_round ->
    [1] Round { $round } begins, the final round: everyone discards their hand and plays the cards they set aside. { $starting_player } starts.
   *[0] Round { $round } begins: { $starting_player } starts.
}
central-market-event-cards-delivered = { $seat } is dealt { $count ->
    [0] no cards
    [one] one card
   *[other] { $count } cards
}.
central-market-event-cards-delivered-private = { $count ->
    [0] You are dealt no cards.
   *[other] You are dealt { $cards }.
}
central-market-event-discard-reshuffled = The discard pile ({ $count ->
    [one] one card
   *[other] { $count } cards
}) is shuffled into a new draw pile.
central-market-event-delivery-stopped = No cards are left to deal: the delivery stops.
central-market-event-hand-discarded = { $count ->
    [0] { $seat } has no cards to discard.
   *[other] { $seat } discards their hand: { $cards }.
}
central-market-event-hand-discarded-face-down = { $count ->
    [0] { $seat } has no cards to discard.
    [one] { $seat } discards one card face down.
   *[other] { $seat } discards { $count } cards face down.
}
central-market-event-set-aside-picked-up = { $seat } picks up { $count ->
    [0] no set-aside cards
    [one] one set-aside card
   *[other] { $count } set-aside cards
}.
central-market-event-set-aside-picked-up-private = { $count ->
    [0] You have no set-aside cards to pick up.
   *[other] You pick up your set-aside cards: { $cards }.
}
central-market-event-offer-skipped = { $seat } skips the offer: { $reason }.
central-market-event-offered = { $seat } offers { $product }.
central-market-event-bid-placed = { $seat } bids { $price }.
central-market-event-passed = { $seat } passes.
central-market-event-passed-automatically = { $seat } passes: { $reason }.
central-market-event-stayed = { $automatic ->
    [1] { $seat } stays on their bid: the lowest price is reached.
   *[0] { $seat } stays on their bid.
}
central-market-event-cheat-revealed = { $seat } plays { -central-market-cheat }: no { $product } in hand after all, so other cards are sold in their place.
central-market-event-sale-skipped = { $seat } cannot sell { $product }: { $reason }.
central-market-event-card-played = { $tourists ->
    [1] { $seat } sells { $card } to the { -central-market-tourists }.
   *[0] { $seat } plays { $card }.
}
central-market-event-cards-played = { $seat } played { $played_kg } kg for { $product }: { $lost_kg ->
    [0] all of it counts.
   *[other] { $sold_kg } kg sold, { $lost_kg } kg lost to the limits.
}
central-market-event-rot-played = { $seat } plays { -central-market-rot } on { $target }, who is now paid for only { $paid_kg } kg.
central-market-event-reaction-declined = { $tourists ->
    [1] { $seat } does not play { -central-market-tourists }.
   *[0] { $seat } does not play { -central-market-rot }.
}
central-market-event-tourists-played = { $seat } plays { -central-market-tourists }: more { $product } are sold at { $price } per kg, outside the limits.
central-market-event-sale-settled = { $tourists ->
    [1] { $seat } earns { $income } from the { -central-market-tourists } ({ $paid_kg } kg × { $price }).
   *[0] { $seat } earns { $income } for { $product } ({ $paid_kg } kg × { $price }).
}
central-market-event-set-aside-chosen = { $seat } has made a set-aside choice.
central-market-event-set-aside-chosen-private = You choose to set { $card } aside for the final round.
central-market-event-set-aside-chosen-keep-all-private = You choose to keep all your cards.
central-market-event-set-aside-revealed = { $count ->
    [0] { $seat } set no card aside.
    [one] { $seat } set one card aside for the final round.
   *[other] { $seat } set { $count } cards aside for the final round.
}
central-market-event-round-scored = { $count ->
    [0] Round { $round } is scored: nobody earned any income.
    [one] Round { $round } is scored: { $seats } earned the most income ({ $income }) and { $points ->
        [one] gains 1 victory point.
       *[other] gains { $points } victory points.
    }
   *[other] Round { $round } is scored: { $seats } earned the most income ({ $income } each) and { $points ->
        [one] gain 1 victory point each.
       *[other] gain { $points } victory points each.
    }
}
central-market-event-starting-player-chosen = { $seat } has the fewest victory points and starts the next round.
central-market-event-game-ended = { $count ->
    [one] The game is over: { $winners } wins.
   *[other] The game is over: { $winners } share the win.
}

### Refusals (why a move is not legal now)

central-market-refusal-product-not-in-hand = You hold no { $product }.
central-market-refusal-product-removed = { $product } are not in this game.
central-market-refusal-already-offered = { $product } have already been offered this round: each product is offered only once a round.
central-market-refusal-price-range = Name a price from { $least } to { $most }.
central-market-refusal-bid-not-below = Your bid must be below { $lowest }, the lowest bid.
central-market-refusal-bid-needs-product = You hold no { $product } and have no { -central-market-cheat } left: you can only pass.
central-market-refusal-cheat-needs-a-card = You hold no { $product }, and a { -central-market-cheat } needs a card in your hand to sell in its place: you can only pass.
central-market-refusal-card-not-in-hand = You hold no { $card }.
central-market-refusal-card-not-of-product = This sale is of { $product }: { $card } cannot be sold in it.
central-market-refusal-cheat-one-product = Your first card set what your { -central-market-cheat } sells: only { $product }, not { $card }.
central-market-refusal-finish-without-cards = Play at least one card before you finish selling.
central-market-refusal-rot-used = You have already played your { -central-market-rot } card.
central-market-refusal-rot-not-now = You can play { -central-market-rot } only right after someone else has played the cards of a sale.
central-market-refusal-tourists-used = You have already played your { -central-market-tourists } card.
central-market-refusal-tourists-not-now = You can play { -central-market-tourists } only after a product's last sale, if you bid on it and sold at least 1 kg.

### Options (a set-up form's words for ListGames' OptionInfo: docs/text.md, "Options")

central-market-option-max-price = Highest price
central-market-option-max-price-description = The Bidding card's prices run from 1 to this. The real card's range is not known; 10 is a proposal.
central-market-option-removed-product = Product taken out (40-card variant)
central-market-option-removed-product-description = Three players may play with 40 cards: one product is taken out of the game.
central-market-option-removed-product-value-none = None: all 50 cards
central-market-option-removed-product-value-tomatoes = { central-market-product-tomatoes }
central-market-option-removed-product-value-carrots = { central-market-product-carrots }
central-market-option-removed-product-value-eggplants = { central-market-product-eggplants }
central-market-option-removed-product-value-cucumbers = { central-market-product-cucumbers }
central-market-option-removed-product-value-peppers = { central-market-product-peppers }
central-market-option-skip-idle-reactions = Skip needless { -central-market-tourists } questions
central-market-option-skip-idle-reactions-description = Seats without a card of the product in hand are not asked whether they play { -central-market-tourists }. Being asked then shows that a seat holds the product.
central-market-option-cheat-mixed-products = { -central-market-cheat } may mix products
central-market-option-cheat-mixed-products-description = A cheater may sell cards of several products. Otherwise the first card played fixes the one product sold.
central-market-option-reveal-final-discards = Final discards face up
central-market-option-reveal-final-discards-description = In the final round the discarded hands go face up onto the open discard pile. Otherwise they are discarded face down.

## Market Fresh (docs/rules/market-fresh.md). Ids are stable (docs/text.md).
## Produce names are lower case: no sentence or label starts with one.

### The pieces

# Produce: one term per produce id of every component set (components/*/produce.json).
market-fresh-produce-lemons = lemons
market-fresh-produce-pears = pears
market-fresh-produce-carrots = carrots
market-fresh-produce-plums = plums
market-fresh-produce-onions = onions
market-fresh-produce-dragon-fruits = dragon fruits
market-fresh-produce-apples = apples
market-fresh-produce-tomatoes = tomatoes
market-fresh-produce-grapes = grapes
market-fresh-produce-cabbages = cabbages
market-fresh-produce-peppers = peppers

# Squares of a shopfront: the column letter, then the row number, A1 at the
# top left (as the shopfront's column and row headers show them).
market-fresh-square-a1 = A1
market-fresh-square-b1 = B1
market-fresh-square-c1 = C1
market-fresh-square-d1 = D1
market-fresh-square-e1 = E1
market-fresh-square-a2 = A2
market-fresh-square-b2 = B2
market-fresh-square-c2 = C2
market-fresh-square-d2 = D2
market-fresh-square-e2 = E2
market-fresh-square-a3 = A3
market-fresh-square-b3 = B3
market-fresh-square-c3 = C3
market-fresh-square-d3 = D3
market-fresh-square-e3 = E3
market-fresh-square-a4 = A4
market-fresh-square-b4 = B4
market-fresh-square-c4 = C4
market-fresh-square-d4 = D4
market-fresh-square-e4 = E4
market-fresh-square-a5 = A5
market-fresh-square-b5 = B5
market-fresh-square-c5 = C5
market-fresh-square-d5 = D5
market-fresh-square-e5 = E5

# What a blank board square shows beneath a half ("B2 shows nothing").
market-fresh-nothing = nothing
market-fresh-scoring-basic = basic scoring
market-fresh-scoring-height = height scoring
market-fresh-variant-standard = Standard game
market-fresh-variant-crate-heights = Crate Heights
market-fresh-variant-solo = Stackin' Solo

# Stackin' Solo's "How did you do?" ratings, from the fewest points to the most.
market-fresh-rating-moldy = Moldy
market-fresh-rating-a-little-stale = A little stale…
market-fresh-rating-not-quite-ripe = Not quite ripe
market-fresh-rating-greenhorn = Greenhorn
market-fresh-rating-marketable = Marketable
market-fresh-rating-stacking-up = Stacking up
market-fresh-rating-feelin-fresh = Feelin' fresh
market-fresh-rating-market-mastery = You've achieved MARKET MASTERY!

### Actions (a button's label, for the seat that decides)

# $crate: the crate's two halves as a list ("lemons and pears").
market-fresh-action-take-face-up = Take { $crate }
market-fresh-action-take-face-down = Take a face-down crate ({ $left } left)
market-fresh-action-choose-crate = Add { $crate }
market-fresh-action-remove-crate = Remove { $crate }{ $lost ->
    [0] {""}
    [one] {" "}(−1 point)
   *[other] {" "}(−{ $lost } points)
}
# $height: the height the crate will lie at; $matching_halves: 2 is a perfectly fresh match.
market-fresh-action-place = Place { $first_half } on { $first }, { $second_half } on { $second }{ $matching_halves ->
    [2] {" "}(height { $height }, perfectly fresh)
   *[other] {" "}(height { $height })
}
# The standard game: $row is the Farmer Tile's row (0: none), $decline_farmer_tile 1 leaves the tiles as they are.
market-fresh-action-score = Score { $produce }: { $points ->
    [one] 1 point
   *[other] { $points } points
}{ $decline_farmer_tile ->
    [1] , no Farmer Tile
   *[0] { $row ->
        [0] {""}
       *[other] , Farmer Tile in row { $row }
    }
}
# Crate Heights and Stackin' Solo.
market-fresh-action-score-basic = Score { $produce } (basic): { $points ->
    [one] 1 point
   *[other] { $points } points
}
market-fresh-action-score-height = Score { $produce } (height): { $points ->
    [one] 1 point
   *[other] { $points } points
}, Farmer Tile in row { $row }
market-fresh-action-unknown = Another move

### Decisions (what a seat is asked; every seat sees it)

market-fresh-prompt-take-crate = { $face_down ->
    [0] Take one of the face-up crates.
   *[other] { $face_up ->
        [0] Take the top face-down crate.
       *[other] Take a face-up crate or the top face-down crate.
    }
}
# The same words whether or not a crate fits: the others must not learn it.
market-fresh-prompt-choose-crate = { $solo ->
    [1] Choose a face-up crate to add to your shopfront.
   *[0] Choose one of your crates to add to your shopfront; if none fits, remove one from the game.
}
market-fresh-prompt-place-crate = Place your crate ({ $crate }) on two side-by-side squares of your shopfront.
# $double: both halves show the same produce; $height: height scoring is open.
market-fresh-prompt-score = { $double ->
    [1] Score your crate with { $first_half }
   *[0] Score your crate with { $first_half } or { $second_half }
}{ $height ->
    [1] , by basic or height scoring
   *[0] {""}
}{ $perfect_match ->
    [1] {" "}(a perfectly fresh match: +5).
   *[0] .
}

### Events (a line of the game's log)

market-fresh-event-crate-taken = { $face_down ->
    [1] { $seat } took a face-down crate.
   *[0] { $seat } took a face-up crate: { $crate }.
}
market-fresh-event-crate-taken-private = You took a face-down crate: { $crate }.
market-fresh-event-face-up-refilled = A new crate is turned face up: { $crate } ({ $face_down_left ->
    [0] no face-down crates left
    [one] one face-down crate left
   *[other] { $face_down_left } face-down crates left
}).
market-fresh-event-crate-chosen = { $seat } chose a crate to add: { $crate }.
market-fresh-event-crate-placed = { $seat } placed { $first_half } on { $first } and { $second_half } on { $second } at height { $height }{ $matching_halves ->
    [0] .
    [1] , one half matching what lies beneath.
   *[other] : a perfectly fresh match!
}
market-fresh-event-scored-basic = { $seat } scored { $produce }: { $visible } visible{ $perfect_match ->
    [1] {" "}+ 5 for a perfectly fresh match
   *[0] {""}
} = { $points ->
    [one] 1 point
   *[other] { $points } points
} (total { $score }).
# $row: the Market Board row the Farmer Tile takes, the multiplier.
market-fresh-event-scored-height = { $seat } height-scored { $produce }: { $visible } visible × { $row }{ $perfect_match ->
    [1] {" "}+ 5 for a perfectly fresh match
   *[0] {""}
} = { $points ->
    [one] 1 point
   *[other] { $points } points
} (total { $score }).
market-fresh-event-farmer-tile = { $from_row ->
    [0] { $seat } placed a Farmer Tile in row { $to_row } of the { $produce } column.
   *[other] { $seat } moved a Farmer Tile in the { $produce } column up from row { $from_row } to row { $to_row }.
}
market-fresh-event-crate-removed = { $seat } could not add any crate and removed { $crate } from the game: { $points_lost ->
    [0] no point to lose.
    [one] −1 point (total { $score }).
   *[other] −{ $points_lost } points (total { $score }).
}
market-fresh-event-game-ended = { $final_scoring ->
    [1] Every crate is played and the Market Board is scored
   *[0] Every crate is played
}: { $count ->
    [one] { $winners } wins with { $score ->
        [one] 1 point
       *[other] { $score } points
    }.
   *[other] { $winners } share the win with { $score } points.
}
market-fresh-event-game-ended-solo = { $unused ->
    [0] Every crate is played
    [one] One crate could not be placed (−{ $penalty } points)
   *[other] { $unused } crates could not be placed (−{ $penalty } points)
}: final score { $score ->
    [one] 1 point
   *[other] { $score } points
}. How did you do? { $rating }
market-fresh-event-unknown = Something happened on the table.

### Refusals (why a move is not legal now)

market-fresh-refusal-not-face-up = This crate is not in the face-up row: { $crate }.
market-fresh-refusal-no-face-down-crates = No face-down crates are left: take a face-up crate.
market-fresh-refusal-not-held = You do not hold this crate: { $crate }.
market-fresh-refusal-fits-nowhere = This crate fits nowhere on your shopfront: { $crate }.
market-fresh-refusal-remove-while-one-fits = One of your crates still fits your shopfront, so add it: you remove a crate only when none fits.
market-fresh-refusal-not-adjacent = A crate covers two side-by-side squares: { $first } and { $second } are not.
market-fresh-refusal-uneven = Both halves must lie level: { $first } is at height { $first_height }, { $second } at height { $second_height }.
market-fresh-refusal-picture-mismatch = Over a picture square, one half must match the picture beneath it: { $first } shows { $below_first }, { $second } shows { $below_second }.
market-fresh-refusal-crate-mismatch = On crates, at least one half must match the produce beneath it: { $first } shows { $below_first }, { $second } shows { $below_second }.
market-fresh-refusal-produce-not-in-crate = Your crate holds no { $produce }: score { $double ->
    [1] { $first_half }
   *[0] { $first_half } or { $second_half }
}.
market-fresh-refusal-no-height-scoring = Height scoring belongs to Crate Heights and Stackin' Solo, not to the standard game.
market-fresh-refusal-height-used = You have already height-scored { $produce }: once per produce per game.
market-fresh-refusal-no-free-row = The { $produce } column has no free row at row { $height } or below: you may not height score it.
market-fresh-refusal-solo-rows-below = To height score in row { $row }, you first need a Farmer Tile in { $below ->
    [2] row 2
   *[other] each of rows 2 to { $below }
} (any column): row { $missing } has none.
market-fresh-refusal-decline-not-standard = In this variant, height scoring always places a Farmer Tile and basic scoring never does: there is nothing to decline.
market-fresh-refusal-no-tile-to-decline = This scoring places or moves no Farmer Tile: there is none to decline.

### Options (a set-up form's words for ListGames' OptionInfo: docs/text.md, "Options")

market-fresh-option-variant = Variant
market-fresh-option-variant-description = The standard game, Crate Heights (2–4 players) or Stackin' Solo (exactly 1 player, on 4×4 shopfronts).
market-fresh-option-variant-value-standard = { market-fresh-variant-standard }
market-fresh-option-variant-value-crate-heights = { market-fresh-variant-crate-heights }
market-fresh-option-variant-value-solo = { market-fresh-variant-solo }
market-fresh-option-grid = Shopfront size
market-fresh-option-grid-description = 5×5 squares, or the smaller 4×4 shopfronts. Automatic: 5×5, but 4×4 for Stackin' Solo, which always uses them.
market-fresh-option-grid-value-auto = Automatic
market-fresh-option-grid-value-5 = 5×5
market-fresh-option-grid-value-4 = 4×4

## Spice Merchant (docs/rules/spice-merchant.md). Ids are stable (docs/text.md).

### The pieces

spice-merchant-spice-black-pepper = Black pepper
spice-merchant-spice-ginger = Ginger
spice-merchant-spice-cinnamon = Cinnamon
spice-merchant-spice-clove = Clove
spice-merchant-spice-nutmeg-and-mace = Nutmeg & Mace
spice-merchant-spice-saffron = Saffron
spice-merchant-market-a = A
spice-merchant-market-b = B
spice-merchant-market-c = C
spice-merchant-market-d = D
spice-merchant-market-e = E
spice-merchant-market-f = F
spice-merchant-round-end-all-markets-occupied = every market is occupied
spice-merchant-round-end-two-full-markets = two markets are full
spice-merchant-round-end-no-seat-can-act = no merchant can act
spice-merchant-tie-break-goods-sold = most goods sold

### Actions (a button's label)

spice-merchant-action-register-secret = Register { $spices } face down
spice-merchant-action-open-trade = Open trade: { $spice }
spice-merchant-action-fake-demand = Fake demand: { $count } × { $spice } on market { $market }

### Decisions (what a seat is asked)

spice-merchant-prompt-register-secret = { $count ->
    [one] Choose a spice to register in secret.
   *[other] Choose { $count } spices to register in secret.
}
spice-merchant-prompt-turn = { $open_trade ->
    [1] Register an open-trade good, or fake demand on a market.
   *[0] Fake demand on a market.
}

### Events (a line of the game's log)

spice-merchant-event-round-started = Round { $round } begins: { $first_player } plays first, and everyone registers { $secret_goods_to_register ->
    [one] one secret good
   *[other] { $secret_goods_to_register } secret goods
}.
spice-merchant-event-secret-registered = { $seat } registered { $count ->
    [0] nothing
    [one] a secret good face down
   *[other] { $count } secret goods face down
}.
spice-merchant-event-secret-registered-private = { $count ->
    [one] You registered { $spices } as your secret good.
   *[other] You registered { $spices } as your secret goods.
}
spice-merchant-event-open-traded = { $seat } registered { $spice } as an open-trade good.
spice-merchant-event-fake-demanded = { $seat } faked demand: { $count } × { $spice } on market { $market } (now { $market_count }).
spice-merchant-event-cards-drawn = { $seat } drew { $count ->
    [0] no card
    [one] a card
   *[other] { $count } cards
}{ $missing ->
    [0] {""}
   *[other] {""}; the deck ran { $missing } short
} (deck: { $deck_size }).
spice-merchant-event-cards-drawn-private = You drew { $spices }.
spice-merchant-event-seat-passed = { $seat } cannot act and passes for the rest of the round.
spice-merchant-event-round-scored = Round { $round } is scored: { $reason }.
spice-merchant-event-game-ended = { $count ->
    [one] The game is over: { $winners } wins ({ $tie_break }).
   *[other] The game is over: { $winners } share the win ({ $tie_break }).
}

### Refusals (why a move is not legal now)

spice-merchant-refusal-register-count = { $count ->
    [one] Register exactly one spice.
   *[other] Register exactly { $count } spices.
}
spice-merchant-refusal-not-in-hand = You hold { $held } × { $spice }, not { $count }.
spice-merchant-refusal-open-trade-used = You have already registered an open-trade good this round.
spice-merchant-refusal-market-holds-another-spice = Market { $market } already holds { $spice }: one market, one spice.
spice-merchant-refusal-market-full = { $room ->
    [0] Market { $market } is full.
    [one] Market { $market } has room for one more card.
   *[other] Market { $market } has room for { $room } more cards.
}
spice-merchant-refusal-spice-in-two-markets = { $spice } already occupies { $most } markets.

### Options (a set-up form's words for ListGames' OptionInfo: docs/text.md, "Options")

spice-merchant-option-nutmeg-prices = { spice-merchant-spice-nutmeg-and-mace } prices
spice-merchant-option-nutmeg-prices-description = Points per good when its market holds 1, 2, 3 or 4 cards. The rulebook leaves this row blank; the first choice lies between Clove and Saffron.
spice-merchant-option-nutmeg-prices-value-2-5-7-9 = 2 · 5 · 7 · 9
spice-merchant-option-nutmeg-prices-value-2-4-7-9 = 2 · 4 · 7 · 9
spice-merchant-option-nutmeg-prices-value-3-5-7-9 = 3 · 5 · 7 · 9
spice-merchant-option-nutmeg-prices-value-2-5-8-10 = 2 · 5 · 8 · 10
spice-merchant-option-nutmeg-prices-value-2-4-6-8 = 2 · 4 · 6 · 8
