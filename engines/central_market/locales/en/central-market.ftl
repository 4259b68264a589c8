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
