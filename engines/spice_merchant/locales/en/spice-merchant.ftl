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
