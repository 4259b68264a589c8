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
