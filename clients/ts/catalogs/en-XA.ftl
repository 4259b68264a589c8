## Words every game shares (docs/text.md, "Catalogs").
## An id is stable: a reworded sentence keeps its id; a new meaning gets a new id.

# A seat without a display name ($number: the seat plus one).
seat-default-name = [Þļåýéŕ ···{ $number }]

## The outcome: who won, with how many points, by which rule

outcome = [{ $count ->
        [0] Ñöƀöðý ŵöñ.····
        [one] { $winners } ŵöñ ŵîţĥ ···{ $score } þöîñţš (···{ $rule }).
       *[other] { $winners } šĥåŕé ţĥé ŵîñ ŵîţĥ ······{ $score } þöîñţš (···{ $rule }).
    }]
tie-break-score = [ɱöšţ þöîñţš····]
tie-break-shared = [å ţîé åļļ ţĥé ŵåý······]
tie-break-forfeit = [ţĥé öţĥéŕš ŕåñ öûţ öƒ ţîɱé·········]

## Refusals a player can cause (docs/api.md, "Errors")

refusal-not-your-turn = [Îţ îš ñöţ ýöûŕ ţûŕñ: ŵåîţîñĝ ƒöŕ ··········{ $seats }.]
refusal-illegal-action = [Ýöû çåññöţ ðö ţĥåţ ñöŵ.········]
refusal-stale-step = [Ţĥé ĝåɱé ɱöṽéð öñ ƀéƒöŕé ýöûŕ ɱöṽé åŕŕîṽéð: ļööķ åĝåîñ åñð çĥööšé.······················]
refusal-game-over = [Ţĥé ĝåɱé îš öṽéŕ.······]

## The table: take-backs and turn clocks (docs/integration.md)

table-taken-back = [{ $steps ->
        [one] { $seat } ţööķ ƀåçķ ţĥéîŕ ļåšţ ɱöṽé.·········
       *[other] { $seat } ţööķ ƀåçķ ţĥéîŕ ļåšţ ·······{ $steps } ɱöṽéš.··
    }]
table-timed-out-random = [{ $seat } ŕåñ öûţ öƒ ţîɱé; å ɱöṽé ŵåš þļåýéð ƒöŕ ţĥéɱ.··············]
table-timed-out-greedy = [{ $seat } ŕåñ öûţ öƒ ţîɱé; å ɱöṽé ŵåš þļåýéð ƒöŕ ţĥéɱ.··············]
table-timed-out-easy = [{ $seat } ŕåñ öûţ öƒ ţîɱé; å ɱöṽé ŵåš þļåýéð ƒöŕ ţĥéɱ.··············]
table-timed-out-medium = [{ $seat } ŕåñ öûţ öƒ ţîɱé; å ɱöṽé ŵåš þļåýéð ƒöŕ ţĥéɱ.··············]
table-timed-out-pass = [{ $seat } ŕåñ öûţ öƒ ţîɱé åñð þåššéš.·········]
table-timed-out-forfeit = [{ $seat } ŕåñ öûţ öƒ ţîɱé åñð ƒöŕƒéîţš ţĥé ĝåɱé.············]
table-timed-out-unknown = [{ $seat } ŕåñ öûţ öƒ ţîɱé.·····]
refusal-takeback-off = [Ţåķé-ƀåçķš åŕé öƒƒ åţ ţĥîš ţåƀļé.···········]
refusal-takeback-barrier = [Ţĥåţ çåññöţ ƀé ţåķéñ ƀåçķ: šöɱéţĥîñĝ ŵåš ðŕåŵñ, ŕéṽéåļéð öŕ çĥöšéñ ƀý çĥåñçé šîñçé.···························]
refusal-not-your-action = [Öñļý ţĥé šéåţ ţĥåţ ɱåðé ţĥé ļåšţ ɱöṽé ɱåý ţåķé îţ ƀåçķ.··················]
refusal-deadline-passed = [Ýöûŕ ţîɱé ƒöŕ ţĥîš ðéçîšîöñ îš ûþ.···········]
refusal-no-clock = [Ţĥîš ĝåɱé ĥåš ñö çļöçķ, šö ñö öñé çåñ ŕûñ öûţ öƒ ţîɱé.················]
refusal-deadline-not-passed = [{ $seconds ->
        [one] Ñöƀöðý ĥåš ŕûñ öûţ öƒ ţîɱé ýéţ: ţĥé ƒîŕšţ ðéåðļîñé þåššéš îñ 1 šéçöñð.······················
       *[other] Ñöƀöðý ĥåš ŕûñ öûţ öƒ ţîɱé ýéţ: ţĥé ƒîŕšţ ðéåðļîñé þåššéš îñ ····················{ $seconds } šéçöñðš.···
    }]

## Table options, as a set-up form names them (ListGames' OptionInfo with `table`):
## table-option-<name> is the option's name, -description says what it does,
## -value-<value> names each allowed value (docs/text.md, "Options").

table-option-clock-bank-s = [Ţîɱé ƀåñķ (šéçöñðš)······]
table-option-clock-bank-s-description = [Éåçĥ šéåţ'š ţîɱé ƀåñķ, ûšéð ûþ ŵĥîļé îţ ðéçîðéš. 0: ñö ƀåñķ.··················]
table-option-clock-increment-s = [Ţîɱé åððéð þéŕ ɱöṽé (šéçöñðš)··········]
table-option-clock-increment-s-description = [Šéçöñðš åððéð ţö å šéåţ'š ƀåñķ åƒţéŕ éåçĥ öƒ îţš ɱöṽéš. Ñééðš å ţîɱé ƀåñķ.·······················]
table-option-clock-move-s = [Ţîɱé þéŕ ðéçîšîöñ (šéçöñðš)·········]
table-option-clock-move-s-description = [Ĥöŵ ļöñĝ å šéåţ ĥåš ƒöŕ éåçĥ ðéçîšîöñ, ŵĥåţéṽéŕ îţš ƀåñķ. 0: ñö ļîɱîţ.·····················]
table-option-timeout-policy = [Ŵĥéñ ţîɱé ŕûñš öûţ······]
table-option-timeout-policy-description = [Ŵĥåţ îš þļåýéð ƒöŕ å šéåţ ţĥåţ ŕåñ öûţ öƒ ţîɱé, öñçé šöɱéöñé çļåîɱš ţĥé ţîɱéöûţ.··························]
table-option-timeout-policy-value-random = [Å ŕåñðöɱ ɱöṽé·····]
table-option-timeout-policy-value-greedy = [Å šéñšîƀļé ɱöṽé (ţĥé ĝŕééðý ƀöţ'š)···········]
table-option-timeout-policy-value-pass = [Þåšš··]
table-option-timeout-policy-value-forfeit = [Ţĥé šéåţ ƒöŕƒéîţš ţĥé ĝåɱé·········]
table-option-timeout-policy-value-easy = [Åñ éåšý ƀöţ'š ɱöṽé······]
table-option-timeout-policy-value-medium = [Å ɱéðîûɱ ƀöţ'š ɱöṽé······]
table-option-takebacks = [Ţåķé-ƀåçķš····]
table-option-takebacks-description = [Ŵĥéţĥéŕ å šéåţ ɱåý ţåķé ƀåçķ îţš öŵñ ļåţéšţ ɱöṽéš, ûñţîļ šöɱéţĥîñĝ îš ðŕåŵñ, ŕéṽéåļéð öŕ çĥöšéñ ƀý åñöţĥéŕ šéåţ.····································]
table-option-takebacks-value-off = [Öƒƒ··]
table-option-takebacks-value-until-barrier = [Ûñţîļ å ðŕåŵ, å ŕéṽéåļ öŕ åñöţĥéŕ šéåţ'š ɱöṽé··············]

## Central Market (docs/rules/central-market.md). Ids are stable (docs/text.md).


### The pieces

# The action cards' names, used inside the messages below.
-central-market-cheat = Çĥéåţ··
-central-market-rot = Ŕöţ··
-central-market-tourists = Ţöûŕîšţš····
# The action cards by name, for a board that shows them.
central-market-card-cheat = [{ -central-market-cheat }]
central-market-card-rot = [{ -central-market-rot }]
central-market-card-tourists = [{ -central-market-tourists }]
central-market-product-tomatoes = [Ţöɱåţöéš····]
central-market-product-carrots = [Çåŕŕöţš···]
central-market-product-eggplants = [Éĝĝþļåñţš····]
central-market-product-cucumbers = [Çûçûɱƀéŕš····]
central-market-product-peppers = [Þéþþéŕš···]
central-market-card-tomatoes-2 = [Ţöɱåţöéš (2 ķĝ)····]
central-market-card-tomatoes-3 = [Ţöɱåţöéš (3 ķĝ)····]
central-market-card-tomatoes-4 = [Ţöɱåţöéš (4 ķĝ)····]
central-market-card-carrots-2 = [Çåŕŕöţš (2 ķĝ)····]
central-market-card-carrots-3 = [Çåŕŕöţš (3 ķĝ)····]
central-market-card-carrots-4 = [Çåŕŕöţš (4 ķĝ)····]
central-market-card-eggplants-2 = [Éĝĝþļåñţš (2 ķĝ)·····]
central-market-card-eggplants-3 = [Éĝĝþļåñţš (3 ķĝ)·····]
central-market-card-eggplants-4 = [Éĝĝþļåñţš (4 ķĝ)·····]
central-market-card-cucumbers-2 = [Çûçûɱƀéŕš (2 ķĝ)·····]
central-market-card-cucumbers-3 = [Çûçûɱƀéŕš (3 ķĝ)·····]
central-market-card-cucumbers-4 = [Çûçûɱƀéŕš (4 ķĝ)·····]
central-market-card-peppers-2 = [Þéþþéŕš (2 ķĝ)····]
central-market-card-peppers-3 = [Þéþþéŕš (3 ķĝ)····]
central-market-card-peppers-4 = [Þéþþéŕš (4 ķĝ)····]
# Why a seat skips its offer, passes or cannot sell (after a colon).
central-market-skip-reason-player-limit = [ţĥéîŕ þļåýéŕ'š ļîɱîţ îš ûšéð ûþ··········]
central-market-skip-reason-nothing-to-offer = [ñö þŕöðûçţ îñ ţĥéîŕ ĥåñð ɱåý šţîļļ ƀé öƒƒéŕéð···············]
central-market-skip-reason-cannot-undercut = [ţĥé ļöŵéšţ ƀîð îš åļŕéåðý ţĥé ļöŵéšţ þŕîçé··············]
central-market-skip-reason-product-limit = [ţĥé þŕöðûçţ ļîɱîţ îš ûšéð ûþ··········]
central-market-tie-break-unused-action-cards = [ɱöšţ ûñûšéð åçţîöñ çåŕðš·········]

### Actions (a button's label, by the decision it answers)

central-market-action-offer-offer = [Öƒƒéŕ ··{ $product }]
central-market-action-starting-bid-bid = [Šţåŕţ åţ ···{ $price }]
central-market-action-bid-bid = [Ɓîð ··{ $price }]
central-market-action-bid-pass = [Þåšš··]
central-market-action-lower-bid-bid = [Ļöŵéŕ ţö ···{ $price }]
central-market-action-lower-bid-stay = [Šţåý åţ ···{ $bid }]
central-market-action-sell-sell-card = [Šéļļ ··{ $card }]
central-market-action-sell-finish-sale = [Ƒîñîšĥ šéļļîñĝ······]
central-market-action-respond-rot-play-rot = [Þļåý ··{ -central-market-rot } öñ ·{ $seller }]
central-market-action-respond-rot-pass = [Ðéçļîñé···]
central-market-action-respond-tourists-play-tourists = [Þļåý ··{ -central-market-tourists }]
central-market-action-respond-tourists-pass = [Ðéçļîñé···]
central-market-action-tourists-sale-sell-card = [Šéļļ ··{ $card }]
central-market-action-tourists-sale-finish-sale = [Ƒîñîšĥ šéļļîñĝ······]
central-market-action-set-aside-set-aside = [Šéţ åšîðé ····{ $card }]
central-market-action-set-aside-keep-all = [Ķééþ åļļ çåŕðš·····]

### Decisions (what a seat is asked; every seat sees it)

central-market-prompt-offer = [Çĥööšé å þŕöðûçţ ƒŕöɱ ýöûŕ ĥåñð ţö öƒƒéŕ.··············]
central-market-prompt-starting-bid = [Ñåɱé ýöûŕ šţåŕţîñĝ ƀîð ƒöŕ ·········{ $product }: å þŕîçé ƒŕöɱ ····{ $least } ţö ·{ $most }.]
central-market-prompt-bid = [Öñ öƒƒéŕ: ···{ $product }, ļöŵéšţ ƀîð ····{ $lowest }. Ɓîð ļöŵéŕ ţö šéļļ îţ ţöö, öŕ þåšš.··········]
central-market-prompt-lower-bid = [Ţĥé ļöŵéšţ ƀîð öñ ······{ $product } îš ·{ $lowest }. Ļöŵéŕ ýöûŕ ƀîð öƒ ······{ $bid } ƀéļöŵ îţ, öŕ šţåý.······]
central-market-prompt-sell = [{ $cheat ->
        [1] Ýöûŕ ··{ -central-market-cheat } îš ŕéṽéåļéð: þļåý öţĥéŕ çåŕðš îñ þļåçé öƒ ··············{ $product }, åţ ·{ $price } þéŕ ķĝ, ţĥéñ ƒîñîšĥ.······
       *[0] Šéļļ ··{ $product } åţ ·{ $price } þéŕ ķĝ: þļåý çåŕðš öñé åţ å ţîɱé, ţĥéñ ƒîñîšĥ.··············
    } Ļéƒţ: ··{ $product_left } ķĝ öƒ ţĥé þŕöðûçţ ļîɱîţ, ········{ $player_left } ķĝ öƒ ýöûŕ ļîɱîţ.······]
central-market-prompt-respond-rot = [{ $seller } îš åƀöûţ ţö ƀé þåîð ƒöŕ ········{ $paid_kg } ķĝ åţ ··{ $price }. Þļåý ··{ -central-market-rot } ţö ļéţ ĥåļƒ öƒ îţ ŕöţ, öŕ ðéçļîñé.··········]
central-market-prompt-respond-tourists = [Þļåý ··{ -central-market-tourists } ţö šéļļ ɱöŕé ····{ $product } åţ ·{ $price } þéŕ ķĝ, öûţšîðé ţĥé ļîɱîţš, öŕ ðéçļîñé.············]
central-market-prompt-tourists-sale = [Šéļļ ··{ $product } ţö ţĥé ··{ -central-market-tourists } åţ ·{ $price } þéŕ ķĝ, öûţšîðé ţĥé ļîɱîţš: þļåý çåŕðš öñé åţ å ţîɱé, ţĥéñ ƒîñîšĥ.····················]
central-market-prompt-set-aside = [Šéţ öñé çåŕð åšîðé, ƒåçé ðöŵñ, ƒöŕ ţĥé ƒîñåļ ŕöûñð, öŕ ķééþ åļļ ýöûŕ çåŕðš.·······················]

### Events (a line of the game's log)

central-market-event-round-started = [{ $final_round ->
        [1] Ŕöûñð ··{ $round } ƀéĝîñš, ţĥé ƒîñåļ ŕöûñð: éṽéŕýöñé ðîšçåŕðš ţĥéîŕ ĥåñð åñð þļåýš ţĥé çåŕðš ţĥéý šéţ åšîðé. ·····························{ $starting_player } šţåŕţš.···
       *[0] Ŕöûñð ··{ $round } ƀéĝîñš: ···{ $starting_player } šţåŕţš.···
    }]
central-market-event-cards-delivered = [{ $seat } îš ðéåļţ ···{ $count ->
        [0] ñö çåŕðš···
        [one] öñé çåŕð···
       *[other] { $count } çåŕðš··
    }.]
central-market-event-cards-delivered-private = [{ $count ->
        [0] Ýöû åŕé ðéåļţ ñö çåŕðš.········
       *[other] Ýöû åŕé ðéåļţ ·····{ $cards }.
    }]
central-market-event-discard-reshuffled = [Ţĥé ðîšçåŕð þîļé (······{ $count ->
        [one] öñé çåŕð···
       *[other] { $count } çåŕðš··
    }) îš šĥûƒƒļéð îñţö å ñéŵ ðŕåŵ þîļé.···········]
central-market-event-delivery-stopped = [Ñö çåŕðš åŕé ļéƒţ ţö ðéåļ: ţĥé ðéļîṽéŕý šţöþš.···············]
central-market-event-hand-discarded = [{ $count ->
        [0] { $seat } ĥåš ñö çåŕðš ţö ðîšçåŕð.········
       *[other] { $seat } ðîšçåŕðš ţĥéîŕ ĥåñð: ·······{ $cards }.
    }]
central-market-event-hand-discarded-face-down = [{ $count ->
        [0] { $seat } ĥåš ñö çåŕðš ţö ðîšçåŕð.········
        [one] { $seat } ðîšçåŕðš öñé çåŕð ƒåçé ðöŵñ.··········
       *[other] { $seat } ðîšçåŕðš ····{ $count } çåŕðš ƒåçé ðöŵñ.······
    }]
central-market-event-set-aside-picked-up = [{ $seat } þîçķš ûþ ···{ $count ->
        [0] ñö šéţ-åšîðé çåŕðš······
        [one] öñé šéţ-åšîðé çåŕð······
       *[other] { $count } šéţ-åšîðé çåŕðš······
    }.]
central-market-event-set-aside-picked-up-private = [{ $count ->
        [0] Ýöû ĥåṽé ñö šéţ-åšîðé çåŕðš ţö þîçķ ûþ.············
       *[other] Ýöû þîçķ ûþ ýöûŕ šéţ-åšîðé çåŕðš: ···········{ $cards }.
    }]
central-market-event-offer-skipped = [{ $seat } šķîþš ţĥé öƒƒéŕ: ······{ $reason }.]
central-market-event-offered = [{ $seat } öƒƒéŕš ···{ $product }.]
central-market-event-bid-placed = [{ $seat } ƀîðš ··{ $price }.]
central-market-event-passed = [{ $seat } þåššéš.···]
central-market-event-passed-automatically = [{ $seat } þåššéš: ···{ $reason }.]
central-market-event-stayed = [{ $automatic ->
        [1] { $seat } šţåýš öñ ţĥéîŕ ƀîð: ţĥé ļöŵéšţ þŕîçé îš ŕéåçĥéð.················
       *[0] { $seat } šţåýš öñ ţĥéîŕ ƀîð.······
    }]
central-market-event-cheat-revealed = [{ $seat } þļåýš ··{ -central-market-cheat }: ñö ·{ $product } îñ ĥåñð åƒţéŕ åļļ, šö öţĥéŕ çåŕðš åŕé šöļð îñ ţĥéîŕ þļåçé.··················]
central-market-event-sale-skipped = [{ $seat } çåññöţ šéļļ ····{ $product }: { $reason }.]
central-market-event-card-played = [{ $tourists ->
        [1] { $seat } šéļļš ··{ $card } ţö ţĥé ··{ -central-market-tourists }.
       *[0] { $seat } þļåýš ··{ $card }.
    }]
central-market-event-cards-played = [{ $seat } þļåýéð ···{ $played_kg } ķĝ ƒöŕ ··{ $product }: { $lost_kg ->
        [0] åļļ öƒ îţ çöûñţš.······
       *[other] { $sold_kg } ķĝ šöļð, ···{ $lost_kg } ķĝ ļöšţ ţö ţĥé ļîɱîţš.·······
    }]
central-market-event-rot-played = [{ $seat } þļåýš ··{ -central-market-rot } öñ ·{ $target }, ŵĥö îš ñöŵ þåîð ƒöŕ öñļý ········{ $paid_kg } ķĝ.·]
central-market-event-reaction-declined = [{ $tourists ->
        [1] { $seat } ðöéš ñöţ þļåý ·····{ -central-market-tourists }.
       *[0] { $seat } ðöéš ñöţ þļåý ·····{ -central-market-rot }.
    }]
central-market-event-tourists-played = [{ $seat } þļåýš ··{ -central-market-tourists }: ɱöŕé ··{ $product } åŕé šöļð åţ ····{ $price } þéŕ ķĝ, öûţšîðé ţĥé ļîɱîţš.·········]
central-market-event-sale-settled = [{ $tourists ->
        [1] { $seat } éåŕñš ··{ $income } ƒŕöɱ ţĥé ···{ -central-market-tourists } ({ $paid_kg } ķĝ × ·{ $price }).
       *[0] { $seat } éåŕñš ··{ $income } ƒöŕ ··{ $product } ({ $paid_kg } ķĝ × ·{ $price }).
    }]
central-market-event-set-aside-chosen = [{ $seat } ĥåš ɱåðé å šéţ-åšîðé çĥöîçé.·········]
central-market-event-set-aside-chosen-private = [Ýöû çĥööšé ţö šéţ ······{ $card } åšîðé ƒöŕ ţĥé ƒîñåļ ŕöûñð.·········]
central-market-event-set-aside-chosen-keep-all-private = [Ýöû çĥööšé ţö ķééþ åļļ ýöûŕ çåŕðš.···········]
central-market-event-set-aside-revealed = [{ $count ->
        [0] { $seat } šéţ ñö çåŕð åšîðé.······
        [one] { $seat } šéţ öñé çåŕð åšîðé ƒöŕ ţĥé ƒîñåļ ŕöûñð.·············
       *[other] { $seat } šéţ ··{ $count } çåŕðš åšîðé ƒöŕ ţĥé ƒîñåļ ŕöûñð.···········
    }]
central-market-event-round-scored = [{ $count ->
        [0] Ŕöûñð ··{ $round } îš šçöŕéð: ñöƀöðý éåŕñéð åñý îñçöɱé.············
        [one]
            Ŕöûñð ··{ $round } îš šçöŕéð: ····{ $seats } éåŕñéð ţĥé ɱöšţ îñçöɱé (········{ $income }) åñð ··{ $points ->
                [one] ĝåîñš 1 ṽîçţöŕý þöîñţ.·······
               *[other] ĝåîñš ··{ $points } ṽîçţöŕý þöîñţš.······
            }
       *[other]
            Ŕöûñð ··{ $round } îš šçöŕéð: ····{ $seats } éåŕñéð ţĥé ɱöšţ îñçöɱé (········{ $income } éåçĥ) åñð ···{ $points ->
                [one] ĝåîñ 1 ṽîçţöŕý þöîñţ éåçĥ.········
               *[other] ĝåîñ ··{ $points } ṽîçţöŕý þöîñţš éåçĥ.·······
            }
    }]
central-market-event-starting-player-chosen = [{ $seat } ĥåš ţĥé ƒéŵéšţ ṽîçţöŕý þöîñţš åñð šţåŕţš ţĥé ñéẋţ ŕöûñð.···················]
central-market-event-game-ended = [{ $count ->
        [one] Ţĥé ĝåɱé îš öṽéŕ: ······{ $winners } ŵîñš.··
       *[other] Ţĥé ĝåɱé îš öṽéŕ: ······{ $winners } šĥåŕé ţĥé ŵîñ.·····
    }]

### Refusals (why a move is not legal now)

central-market-refusal-product-not-in-hand = [Ýöû ĥöļð ñö ····{ $product }.]
central-market-refusal-product-removed = [{ $product } åŕé ñöţ îñ ţĥîš ĝåɱé.·······]
central-market-refusal-already-offered = [{ $product } ĥåṽé åļŕéåðý ƀééñ öƒƒéŕéð ţĥîš ŕöûñð: éåçĥ þŕöðûçţ îš öƒƒéŕéð öñļý öñçé å ŕöûñð.··························]
central-market-refusal-price-range = [Ñåɱé å þŕîçé ƒŕöɱ ······{ $least } ţö ·{ $most }.]
central-market-refusal-bid-not-below = [Ýöûŕ ƀîð ɱûšţ ƀé ƀéļöŵ ········{ $lowest }, ţĥé ļöŵéšţ ƀîð.·····]
central-market-refusal-bid-needs-product = [Ýöû ĥöļð ñö ····{ $product } åñð ĥåṽé ñö ····{ -central-market-cheat } ļéƒţ: ýöû çåñ öñļý þåšš.········]
central-market-refusal-cheat-needs-a-card = [Ýöû ĥöļð ñö ····{ $product }, åñð å ··{ -central-market-cheat } ñééðš å çåŕð îñ ýöûŕ ĥåñð ţö šéļļ îñ îţš þļåçé: ýöû çåñ öñļý þåšš.····················]
central-market-refusal-card-not-in-hand = [Ýöû ĥöļð ñö ····{ $card }.]
central-market-refusal-card-not-of-product = [Ţĥîš šåļé îš öƒ ·····{ $product }: { $card } çåññöţ ƀé šöļð îñ îţ.·······]
central-market-refusal-cheat-one-product = [Ýöûŕ ƒîŕšţ çåŕð šéţ ŵĥåţ ýöûŕ ··········{ -central-market-cheat } šéļļš: öñļý ····{ $product }, ñöţ ··{ $card }.]
central-market-refusal-finish-without-cards = [Þļåý åţ ļéåšţ öñé çåŕð ƀéƒöŕé ýöû ƒîñîšĥ šéļļîñĝ.················]
central-market-refusal-rot-used = [Ýöû ĥåṽé åļŕéåðý þļåýéð ýöûŕ ··········{ -central-market-rot } çåŕð.··]
central-market-refusal-rot-not-now = [Ýöû çåñ þļåý ····{ -central-market-rot } öñļý ŕîĝĥţ åƒţéŕ šöɱéöñé éļšé ĥåš þļåýéð ţĥé çåŕðš öƒ å šåļé.····················]
central-market-refusal-tourists-used = [Ýöû ĥåṽé åļŕéåðý þļåýéð ýöûŕ ··········{ -central-market-tourists } çåŕð.··]
central-market-refusal-tourists-not-now = [Ýöû çåñ þļåý ····{ -central-market-tourists } öñļý åƒţéŕ å þŕöðûçţ'š ļåšţ šåļé, îƒ ýöû ƀîð öñ îţ åñð šöļð åţ ļéåšţ 1 ķĝ.······················]

### Options (a set-up form's words for ListGames' OptionInfo: docs/text.md, "Options")

central-market-option-max-price = [Ĥîĝĥéšţ þŕîçé·····]
central-market-option-max-price-description = [Ţĥé Ɓîððîñĝ çåŕð'š þŕîçéš ŕûñ ƒŕöɱ 1 ţö ţĥîš. Ţĥé ŕéåļ çåŕð'š ŕåñĝé îš ñöţ ķñöŵñ; 10 îš å þŕöþöšåļ.·····························]
central-market-option-removed-product = [Þŕöðûçţ ţåķéñ öûţ (40-çåŕð ṽåŕîåñţ)···········]
central-market-option-removed-product-description = [Ţĥŕéé þļåýéŕš ɱåý þļåý ŵîţĥ 40 çåŕðš: öñé þŕöðûçţ îš ţåķéñ öûţ öƒ ţĥé ĝåɱé.·······················]
central-market-option-removed-product-value-none = [Ñöñé: åļļ 50 çåŕðš·····]
central-market-option-removed-product-value-tomatoes = [{ central-market-product-tomatoes }]
central-market-option-removed-product-value-carrots = [{ central-market-product-carrots }]
central-market-option-removed-product-value-eggplants = [{ central-market-product-eggplants }]
central-market-option-removed-product-value-cucumbers = [{ central-market-product-cucumbers }]
central-market-option-removed-product-value-peppers = [{ central-market-product-peppers }]
central-market-option-skip-idle-reactions = [Šķîþ ñééðļéšš ·····{ -central-market-tourists } ǫûéšţîöñš····]
central-market-option-skip-idle-reactions-description = [Šéåţš ŵîţĥöûţ å çåŕð öƒ ţĥé þŕöðûçţ îñ ĥåñð åŕé ñöţ åšķéð ŵĥéţĥéŕ ţĥéý þļåý ·························{ -central-market-tourists }. Ɓéîñĝ åšķéð ţĥéñ šĥöŵš ţĥåţ å šéåţ ĥöļðš ţĥé þŕöðûçţ.··················]
central-market-option-cheat-mixed-products = [{ -central-market-cheat } ɱåý ɱîẋ þŕöðûçţš······]
central-market-option-cheat-mixed-products-description = [Å çĥéåţéŕ ɱåý šéļļ çåŕðš öƒ šéṽéŕåļ þŕöðûçţš. Öţĥéŕŵîšé ţĥé ƒîŕšţ çåŕð þļåýéð ƒîẋéš ţĥé öñé þŕöðûçţ šöļð.···································]
central-market-option-reveal-final-discards = [Ƒîñåļ ðîšçåŕðš ƒåçé ûþ········]
central-market-option-reveal-final-discards-description = [Îñ ţĥé ƒîñåļ ŕöûñð ţĥé ðîšçåŕðéð ĥåñðš ĝö ƒåçé ûþ öñţö ţĥé öþéñ ðîšçåŕð þîļé. Öţĥéŕŵîšé ţĥéý åŕé ðîšçåŕðéð ƒåçé ðöŵñ.······································]

## Market Fresh (docs/rules/market-fresh.md). Ids are stable (docs/text.md).
## Produce names are lower case: no sentence or label starts with one.


### The pieces

# Produce: one term per produce id of every component set (components/*/produce.json).
market-fresh-produce-lemons = [ļéɱöñš···]
market-fresh-produce-pears = [þéåŕš··]
market-fresh-produce-carrots = [çåŕŕöţš···]
market-fresh-produce-plums = [þļûɱš··]
market-fresh-produce-onions = [öñîöñš···]
market-fresh-produce-dragon-fruits = [ðŕåĝöñ ƒŕûîţš·····]
market-fresh-produce-apples = [åþþļéš···]
market-fresh-produce-tomatoes = [ţöɱåţöéš····]
market-fresh-produce-grapes = [ĝŕåþéš···]
market-fresh-produce-cabbages = [çåƀƀåĝéš····]
market-fresh-produce-peppers = [þéþþéŕš···]
# Squares of a shopfront: the column letter, then the row number, A1 at the
# top left (as the shopfront's column and row headers show them).
market-fresh-square-a1 = [Å1·]
market-fresh-square-b1 = [Ɓ1·]
market-fresh-square-c1 = [Ç1·]
market-fresh-square-d1 = [Ð1·]
market-fresh-square-e1 = [É1·]
market-fresh-square-a2 = [Å2·]
market-fresh-square-b2 = [Ɓ2·]
market-fresh-square-c2 = [Ç2·]
market-fresh-square-d2 = [Ð2·]
market-fresh-square-e2 = [É2·]
market-fresh-square-a3 = [Å3·]
market-fresh-square-b3 = [Ɓ3·]
market-fresh-square-c3 = [Ç3·]
market-fresh-square-d3 = [Ð3·]
market-fresh-square-e3 = [É3·]
market-fresh-square-a4 = [Å4·]
market-fresh-square-b4 = [Ɓ4·]
market-fresh-square-c4 = [Ç4·]
market-fresh-square-d4 = [Ð4·]
market-fresh-square-e4 = [É4·]
market-fresh-square-a5 = [Å5·]
market-fresh-square-b5 = [Ɓ5·]
market-fresh-square-c5 = [Ç5·]
market-fresh-square-d5 = [Ð5·]
market-fresh-square-e5 = [É5·]
# What a blank board square shows beneath a half ("B2 shows nothing").
market-fresh-nothing = [ñöţĥîñĝ···]
market-fresh-scoring-basic = [ƀåšîç šçöŕîñĝ·····]
market-fresh-scoring-height = [ĥéîĝĥţ šçöŕîñĝ······]
market-fresh-variant-standard = [Šţåñðåŕð ĝåɱé·····]
market-fresh-variant-crate-heights = [Çŕåţé Ĥéîĝĥţš·····]
market-fresh-variant-solo = [Šţåçķîñ' Šöļö·····]
# Stackin' Solo's "How did you do?" ratings, from the fewest points to the most.
market-fresh-rating-moldy = [Ṁöļðý··]
market-fresh-rating-a-little-stale = [Å ļîţţļé šţåļé…·····]
market-fresh-rating-not-quite-ripe = [Ñöţ ǫûîţé ŕîþé·····]
market-fresh-rating-greenhorn = [Ĝŕééñĥöŕñ····]
market-fresh-rating-marketable = [Ṁåŕķéţåƀļé····]
market-fresh-rating-stacking-up = [Šţåçķîñĝ ûþ····]
market-fresh-rating-feelin-fresh = [Ƒééļîñ' ƒŕéšĥ·····]
market-fresh-rating-market-mastery = [Ýöû'ṽé åçĥîéṽéð ṀÅŔĶÉŢ ṀÅŠŢÉŔÝ!···········]

### Actions (a button's label, for the seat that decides)

# $crate: the crate's two halves as a list ("lemons and pears").
market-fresh-action-take-face-up = [Ţåķé ··{ $crate }]
market-fresh-action-take-face-down = [Ţåķé å ƒåçé-ðöŵñ çŕåţé (········{ $left } ļéƒţ)··]
market-fresh-action-choose-crate = [Åðð ··{ $crate }]
market-fresh-action-remove-crate = [Ŕéɱöṽé ···{ $crate }{ $lost ->
        [0] { "" }
        [one] { " " }(−1 þöîñţ)··
       *[other] { " " }(−{ $lost } þöîñţš)···
    }]
# $height: the height the crate will lie at; $matching_halves: 2 is a perfectly fresh match.
market-fresh-action-place = [Þļåçé ··{ $first_half } öñ ·{ $first }, { $second_half } öñ ·{ $second }{ $matching_halves ->
        [2] { " " }(ĥéîĝĥţ ···{ $height }, þéŕƒéçţļý ƒŕéšĥ)······
       *[other] { " " }(ĥéîĝĥţ ···{ $height })
    }]
# The standard game: $row is the Farmer Tile's row (0: none), $decline_farmer_tile 1 leaves the tiles as they are.
market-fresh-action-score = [Šçöŕé ··{ $produce }: { $points ->
        [one] 1 þöîñţ··
       *[other] { $points } þöîñţš···
    }{ $decline_farmer_tile ->
        [1] , ñö Ƒåŕɱéŕ Ţîļé·····
       *[0]
            { $row ->
                [0] { "" }
               *[other] , Ƒåŕɱéŕ Ţîļé îñ ŕöŵ ······{ $row }
            }
    }]
# Crate Heights and Stackin' Solo.
market-fresh-action-score-basic = [Šçöŕé ··{ $produce } (ƀåšîç): ··{ $points ->
        [one] 1 þöîñţ··
       *[other] { $points } þöîñţš···
    }]
market-fresh-action-score-height = [Šçöŕé ··{ $produce } (ĥéîĝĥţ): ···{ $points ->
        [one] 1 þöîñţ··
       *[other] { $points } þöîñţš···
    }, Ƒåŕɱéŕ Ţîļé îñ ŕöŵ ······{ $row }]
market-fresh-action-unknown = [Åñöţĥéŕ ɱöṽé·····]

### Decisions (what a seat is asked; every seat sees it)

market-fresh-prompt-take-crate = [{ $face_down ->
        [0] Ţåķé öñé öƒ ţĥé ƒåçé-ûþ çŕåţéš.··········
       *[other]
            { $face_up ->
                [0] Ţåķé ţĥé ţöþ ƒåçé-ðöŵñ çŕåţé.··········
               *[other] Ţåķé å ƒåçé-ûþ çŕåţé öŕ ţĥé ţöþ ƒåçé-ðöŵñ çŕåţé.···············
            }
    }]
# The same words whether or not a crate fits: the others must not learn it.
market-fresh-prompt-choose-crate = [{ $solo ->
        [1] Çĥööšé å ƒåçé-ûþ çŕåţé ţö åðð ţö ýöûŕ šĥöþƒŕöñţ.················
       *[0] Çĥööšé öñé öƒ ýöûŕ çŕåţéš ţö åðð ţö ýöûŕ šĥöþƒŕöñţ; îƒ ñöñé ƒîţš, ŕéɱöṽé öñé ƒŕöɱ ţĥé ĝåɱé.·····························
    }]
market-fresh-prompt-place-crate = [Þļåçé ýöûŕ çŕåţé (······{ $crate }) öñ ţŵö šîðé-ƀý-šîðé šǫûåŕéš öƒ ýöûŕ šĥöþƒŕöñţ.···············]
# $double: both halves show the same produce; $height: height scoring is open.
market-fresh-prompt-score = [{ $double ->
        [1] Šçöŕé ýöûŕ çŕåţé ŵîţĥ ········{ $first_half }
       *[0] Šçöŕé ýöûŕ çŕåţé ŵîţĥ ········{ $first_half } öŕ ·{ $second_half }
    }{ $height ->
        [1] , ƀý ƀåšîç öŕ ĥéîĝĥţ šçöŕîñĝ·········
       *[0] { "" }
    }{ $perfect_match ->
        [1] { " " }(å þéŕƒéçţļý ƒŕéšĥ ɱåţçĥ: +5).········
       *[0] .
    }]

### Events (a line of the game's log)

market-fresh-event-crate-taken = [{ $face_down ->
        [1] { $seat } ţööķ å ƒåçé-ðöŵñ çŕåţé.········
       *[0] { $seat } ţööķ å ƒåçé-ûþ çŕåţé: ·······{ $crate }.
    }]
market-fresh-event-crate-taken-private = [Ýöû ţööķ å ƒåçé-ðöŵñ çŕåţé: ·········{ $crate }.]
market-fresh-event-face-up-refilled = [Å ñéŵ çŕåţé îš ţûŕñéð ƒåçé ûþ: ··········{ $crate } ({ $face_down_left ->
        [0] ñö ƒåçé-ðöŵñ çŕåţéš ļéƒţ········
        [one] öñé ƒåçé-ðöŵñ çŕåţé ļéƒţ········
       *[other] { $face_down_left } ƒåçé-ðöŵñ çŕåţéš ļéƒţ········
    }).]
market-fresh-event-crate-chosen = [{ $seat } çĥöšé å çŕåţé ţö åðð: ·······{ $crate }.]
market-fresh-event-crate-placed = [{ $seat } þļåçéð ···{ $first_half } öñ ·{ $first } åñð ··{ $second_half } öñ ·{ $second } åţ ĥéîĝĥţ ····{ $height }{ $matching_halves ->
        [0] .
        [1] , öñé ĥåļƒ ɱåţçĥîñĝ ŵĥåţ ļîéš ƀéñéåţĥ.············
       *[other] : å þéŕƒéçţļý ƒŕéšĥ ɱåţçĥ!········
    }]
market-fresh-event-scored-basic = [{ $seat } šçöŕéð ···{ $produce }: { $visible } ṽîšîƀļé···{ $perfect_match ->
        [1] { " " }+ 5 ƒöŕ å þéŕƒéçţļý ƒŕéšĥ ɱåţçĥ··········
       *[0] { "" }
    } = { $points ->
        [one] 1 þöîñţ··
       *[other] { $points } þöîñţš···
    } (ţöţåļ ··{ $score }).]
# $row: the Market Board row the Farmer Tile takes, the multiplier.
market-fresh-event-scored-height = [{ $seat } ĥéîĝĥţ-šçöŕéð ·····{ $produce }: { $visible } ṽîšîƀļé × ···{ $row }{ $perfect_match ->
        [1] { " " }+ 5 ƒöŕ å þéŕƒéçţļý ƒŕéšĥ ɱåţçĥ··········
       *[0] { "" }
    } = { $points ->
        [one] 1 þöîñţ··
       *[other] { $points } þöîñţš···
    } (ţöţåļ ··{ $score }).]
market-fresh-event-farmer-tile = [{ $from_row ->
        [0] { $seat } þļåçéð å Ƒåŕɱéŕ Ţîļé îñ ŕöŵ ·········{ $to_row } öƒ ţĥé ··{ $produce } çöļûɱñ.···
       *[other] { $seat } ɱöṽéð å Ƒåŕɱéŕ Ţîļé îñ ţĥé ·········{ $produce } çöļûɱñ ûþ ƒŕöɱ ŕöŵ ······{ $from_row } ţö ŕöŵ ··{ $to_row }.
    }]
market-fresh-event-crate-removed = [{ $seat } çöûļð ñöţ åðð åñý çŕåţé åñð ŕéɱöṽéð ············{ $crate } ƒŕöɱ ţĥé ĝåɱé: ·····{ $points_lost ->
        [0] ñö þöîñţ ţö ļöšé.······
        [one] −1 þöîñţ (ţöţåļ ····{ $score }).
       *[other] −{ $points_lost } þöîñţš (ţöţåļ ·····{ $score }).
    }]
market-fresh-event-game-ended = [{ $final_scoring ->
        [1] Éṽéŕý çŕåţé îš þļåýéð åñð ţĥé Ṁåŕķéţ Ɓöåŕð îš šçöŕéð··················
       *[0] Éṽéŕý çŕåţé îš þļåýéð········
    }: { $count ->
        [one]
            { $winners } ŵîñš ŵîţĥ ····{ $score ->
                [one] 1 þöîñţ··
               *[other] { $score } þöîñţš···
            }.
       *[other] { $winners } šĥåŕé ţĥé ŵîñ ŵîţĥ ······{ $score } þöîñţš.···
    }]
market-fresh-event-game-ended-solo = [{ $unused ->
        [0] Éṽéŕý çŕåţé îš þļåýéð········
        [one] Öñé çŕåţé çöûļð ñöţ ƀé þļåçéð (−··········{ $penalty } þöîñţš)···
       *[other] { $unused } çŕåţéš çöûļð ñöţ ƀé þļåçéð (−·········{ $penalty } þöîñţš)···
    }: ƒîñåļ šçöŕé ····{ $score ->
        [one] 1 þöîñţ··
       *[other] { $score } þöîñţš···
    }. Ĥöŵ ðîð ýöû ðö? ·····{ $rating }]
market-fresh-event-unknown = [Šöɱéţĥîñĝ ĥåþþéñéð öñ ţĥé ţåƀļé.···········]

### Refusals (why a move is not legal now)

market-fresh-refusal-not-face-up = [Ţĥîš çŕåţé îš ñöţ îñ ţĥé ƒåçé-ûþ ŕöŵ: ············{ $crate }.]
market-fresh-refusal-no-face-down-crates = [Ñö ƒåçé-ðöŵñ çŕåţéš åŕé ļéƒţ: ţåķé å ƒåçé-ûþ çŕåţé.················]
market-fresh-refusal-not-held = [Ýöû ðö ñöţ ĥöļð ţĥîš çŕåţé: ·········{ $crate }.]
market-fresh-refusal-fits-nowhere = [Ţĥîš çŕåţé ƒîţš ñöŵĥéŕé öñ ýöûŕ šĥöþƒŕöñţ: ··············{ $crate }.]
market-fresh-refusal-remove-while-one-fits = [Öñé öƒ ýöûŕ çŕåţéš šţîļļ ƒîţš ýöûŕ šĥöþƒŕöñţ, šö åðð îţ: ýöû ŕéɱöṽé å çŕåţé öñļý ŵĥéñ ñöñé ƒîţš.······························]
market-fresh-refusal-not-adjacent = [Å çŕåţé çöṽéŕš ţŵö šîðé-ƀý-šîðé šǫûåŕéš: ·············{ $first } åñð ··{ $second } åŕé ñöţ.···]
market-fresh-refusal-uneven = [Ɓöţĥ ĥåļṽéš ɱûšţ ļîé ļéṽéļ: ·········{ $first } îš åţ ĥéîĝĥţ ····{ $first_height }, { $second } åţ ĥéîĝĥţ ····{ $second_height }.]
market-fresh-refusal-picture-mismatch = [Öṽéŕ å þîçţûŕé šǫûåŕé, öñé ĥåļƒ ɱûšţ ɱåţçĥ ţĥé þîçţûŕé ƀéñéåţĥ îţ: ······················{ $first } šĥöŵš ··{ $below_first }, { $second } šĥöŵš ··{ $below_second }.]
market-fresh-refusal-crate-mismatch = [Öñ çŕåţéš, åţ ļéåšţ öñé ĥåļƒ ɱûšţ ɱåţçĥ ţĥé þŕöðûçé ƀéñéåţĥ îţ: ····················{ $first } šĥöŵš ··{ $below_first }, { $second } šĥöŵš ··{ $below_second }.]
market-fresh-refusal-produce-not-in-crate = [Ýöûŕ çŕåţé ĥöļðš ñö ·······{ $produce }: šçöŕé ··{ $double ->
        [1] { $first_half }
       *[0] { $first_half } öŕ ·{ $second_half }
    }.]
market-fresh-refusal-no-height-scoring = [Ĥéîĝĥţ šçöŕîñĝ ƀéļöñĝš ţö Çŕåţé Ĥéîĝĥţš åñð Šţåçķîñ' Šöļö, ñöţ ţö ţĥé šţåñðåŕð ĝåɱé.····························]
market-fresh-refusal-height-used = [Ýöû ĥåṽé åļŕéåðý ĥéîĝĥţ-šçöŕéð ···········{ $produce }: öñçé þéŕ þŕöðûçé þéŕ ĝåɱé.·········]
market-fresh-refusal-no-free-row = [Ţĥé ··{ $produce } çöļûɱñ ĥåš ñö ƒŕéé ŕöŵ åţ ŕöŵ ··········{ $height } öŕ ƀéļöŵ: ýöû ɱåý ñöţ ĥéîĝĥţ šçöŕé îţ.············]
market-fresh-refusal-solo-rows-below = [Ţö ĥéîĝĥţ šçöŕé îñ ŕöŵ ········{ $row }, ýöû ƒîŕšţ ñééð å Ƒåŕɱéŕ Ţîļé îñ ··········{ $below ->
        [2] ŕöŵ 2··
       *[other] éåçĥ öƒ ŕöŵš 2 ţö ·····{ $below }
    } (åñý çöļûɱñ): ŕöŵ ·····{ $missing } ĥåš ñöñé.···]
market-fresh-refusal-decline-not-standard = [Îñ ţĥîš ṽåŕîåñţ, ĥéîĝĥţ šçöŕîñĝ åļŵåýš þļåçéš å Ƒåŕɱéŕ Ţîļé åñð ƀåšîç šçöŕîñĝ ñéṽéŕ ðöéš: ţĥéŕé îš ñöţĥîñĝ ţö ðéçļîñé.·······································]
market-fresh-refusal-no-tile-to-decline = [Ţĥîš šçöŕîñĝ þļåçéš öŕ ɱöṽéš ñö Ƒåŕɱéŕ Ţîļé: ţĥéŕé îš ñöñé ţö ðéçļîñé.·······················]

### Options (a set-up form's words for ListGames' OptionInfo: docs/text.md, "Options")

market-fresh-option-variant = [Ṽåŕîåñţ···]
market-fresh-option-variant-description = [Ţĥé šţåñðåŕð ĝåɱé, Çŕåţé Ĥéîĝĥţš (2–4 þļåýéŕš) öŕ Šţåçķîñ' Šöļö (éẋåçţļý 1 þļåýéŕ, öñ 4×4 šĥöþƒŕöñţš).·····························]
market-fresh-option-variant-value-standard = [{ market-fresh-variant-standard }]
market-fresh-option-variant-value-crate-heights = [{ market-fresh-variant-crate-heights }]
market-fresh-option-variant-value-solo = [{ market-fresh-variant-solo }]
market-fresh-option-grid = [Šĥöþƒŕöñţ šîžé······]
market-fresh-option-grid-description = [5×5 šǫûåŕéš, öŕ ţĥé šɱåļļéŕ 4×4 šĥöþƒŕöñţš. Åûţöɱåţîç: 5×5, ƀûţ 4×4 ƒöŕ Šţåçķîñ' Šöļö, ŵĥîçĥ åļŵåýš ûšéš ţĥéɱ.······························]
market-fresh-option-grid-value-auto = [Åûţöɱåţîç····]
market-fresh-option-grid-value-5 = [5×5]
market-fresh-option-grid-value-4 = [4×4]

## Spice Merchant (docs/rules/spice-merchant.md). Ids are stable (docs/text.md).


### The pieces

spice-merchant-spice-black-pepper = [Ɓļåçķ þéþþéŕ·····]
spice-merchant-spice-ginger = [Ĝîñĝéŕ···]
spice-merchant-spice-cinnamon = [Çîññåɱöñ····]
spice-merchant-spice-clove = [Çļöṽé··]
spice-merchant-spice-nutmeg-and-mace = [Ñûţɱéĝ & Ṁåçé····]
spice-merchant-spice-saffron = [Šåƒƒŕöñ···]
spice-merchant-market-a = [Å·]
spice-merchant-market-b = [Ɓ·]
spice-merchant-market-c = [Ç·]
spice-merchant-market-d = [Ð·]
spice-merchant-market-e = [É·]
spice-merchant-market-f = [Ƒ·]
spice-merchant-round-end-all-markets-occupied = [éṽéŕý ɱåŕķéţ îš öççûþîéð·········]
spice-merchant-round-end-two-full-markets = [ţŵö ɱåŕķéţš åŕé ƒûļļ·······]
spice-merchant-round-end-no-seat-can-act = [ñö ɱéŕçĥåñţ çåñ åçţ·······]
spice-merchant-tie-break-goods-sold = [ɱöšţ ĝööðš šöļð······]

### Actions (a button's label)

spice-merchant-action-register-secret = [Ŕéĝîšţéŕ ····{ $spices } ƒåçé ðöŵñ····]
spice-merchant-action-open-trade = [Öþéñ ţŕåðé: ····{ $spice }]
spice-merchant-action-fake-demand = [Ƒåķé ðéɱåñð: ····{ $count } × { $spice } öñ ɱåŕķéţ ····{ $market }]

### Decisions (what a seat is asked)

spice-merchant-prompt-register-secret = [{ $count ->
        [one] Çĥööšé å šþîçé ţö ŕéĝîšţéŕ îñ šéçŕéţ.············
       *[other] Çĥööšé ···{ $count } šþîçéš ţö ŕéĝîšţéŕ îñ šéçŕéţ.··········
    }]
spice-merchant-prompt-turn = [{ $open_trade ->
        [1] Ŕéĝîšţéŕ åñ öþéñ-ţŕåðé ĝööð, öŕ ƒåķé ðéɱåñð öñ å ɱåŕķéţ.··················
       *[0] Ƒåķé ðéɱåñð öñ å ɱåŕķéţ.········
    }]

### Events (a line of the game's log)

spice-merchant-event-round-started = [Ŕöûñð ··{ $round } ƀéĝîñš: ···{ $first_player } þļåýš ƒîŕšţ, åñð éṽéŕýöñé ŕéĝîšţéŕš ············{ $secret_goods_to_register ->
        [one] öñé šéçŕéţ ĝööð······
       *[other] { $secret_goods_to_register } šéçŕéţ ĝööðš·····
    }.]
spice-merchant-event-secret-registered = [{ $seat } ŕéĝîšţéŕéð ····{ $count ->
        [0] ñöţĥîñĝ···
        [one] å šéçŕéţ ĝööð ƒåçé ðöŵñ········
       *[other] { $count } šéçŕéţ ĝööðš ƒåçé ðöŵñ········
    }.]
spice-merchant-event-secret-registered-private = [{ $count ->
        [one] Ýöû ŕéĝîšţéŕéð ······{ $spices } åš ýöûŕ šéçŕéţ ĝööð.·······
       *[other] Ýöû ŕéĝîšţéŕéð ······{ $spices } åš ýöûŕ šéçŕéţ ĝööðš.·······
    }]
spice-merchant-event-open-traded = [{ $seat } ŕéĝîšţéŕéð ····{ $spice } åš åñ öþéñ-ţŕåðé ĝööð.·······]
spice-merchant-event-fake-demanded = [{ $seat } ƒåķéð ðéɱåñð: ·····{ $count } × { $spice } öñ ɱåŕķéţ ····{ $market } (ñöŵ ··{ $market_count }).]
spice-merchant-event-cards-drawn = [{ $seat } ðŕéŵ ··{ $count ->
        [0] ñö çåŕð···
        [one] å çåŕð··
       *[other] { $count } çåŕðš··
    }{ $missing ->
        [0] { "" }
       *[other] { "" }; ţĥé ðéçķ ŕåñ ····{ $missing } šĥöŕţ··
    } (ðéçķ: ··{ $deck_size }).]
spice-merchant-event-cards-drawn-private = [Ýöû ðŕéŵ ···{ $spices }.]
spice-merchant-event-seat-passed = [{ $seat } çåññöţ åçţ åñð þåššéš ƒöŕ ţĥé ŕéšţ öƒ ţĥé ŕöûñð.················]
spice-merchant-event-round-scored = [Ŕöûñð ··{ $round } îš šçöŕéð: ····{ $reason }.]
spice-merchant-event-game-ended = [{ $count ->
        [one] Ţĥé ĝåɱé îš öṽéŕ: ······{ $winners } ŵîñš (··{ $tie_break }).
       *[other] Ţĥé ĝåɱé îš öṽéŕ: ······{ $winners } šĥåŕé ţĥé ŵîñ (·····{ $tie_break }).
    }]

### Refusals (why a move is not legal now)

spice-merchant-refusal-register-count = [{ $count ->
        [one] Ŕéĝîšţéŕ éẋåçţļý öñé šþîçé.··········
       *[other] Ŕéĝîšţéŕ éẋåçţļý ······{ $count } šþîçéš.···
    }]
spice-merchant-refusal-not-in-hand = [Ýöû ĥöļð ···{ $held } × { $spice }, ñöţ ··{ $count }.]
spice-merchant-refusal-open-trade-used = [Ýöû ĥåṽé åļŕéåðý ŕéĝîšţéŕéð åñ öþéñ-ţŕåðé ĝööð ţĥîš ŕöûñð.····················]
spice-merchant-refusal-market-holds-another-spice = [Ṁåŕķéţ ···{ $market } åļŕéåðý ĥöļðš ·····{ $spice }: öñé ɱåŕķéţ, öñé šþîçé.·······]
spice-merchant-refusal-market-full = [{ $room ->
        [0] Ṁåŕķéţ ···{ $market } îš ƒûļļ.···
        [one] Ṁåŕķéţ ···{ $market } ĥåš ŕööɱ ƒöŕ öñé ɱöŕé çåŕð.·········
       *[other] Ṁåŕķéţ ···{ $market } ĥåš ŕööɱ ƒöŕ ····{ $room } ɱöŕé çåŕðš.····
    }]
spice-merchant-refusal-spice-in-two-markets = [{ $spice } åļŕéåðý öççûþîéš ······{ $most } ɱåŕķéţš.···]

### Options (a set-up form's words for ListGames' OptionInfo: docs/text.md, "Options")

spice-merchant-option-nutmeg-prices = [{ spice-merchant-spice-nutmeg-and-mace } þŕîçéš···]
spice-merchant-option-nutmeg-prices-description = [Þöîñţš þéŕ ĝööð ŵĥéñ îţš ɱåŕķéţ ĥöļðš 1, 2, 3 öŕ 4 çåŕðš. Ţĥé ŕûļéƀööķ ļéåṽéš ţĥîš ŕöŵ ƀļåñķ; ţĥé ƒîŕšţ çĥöîçé ļîéš ƀéţŵééñ Çļöṽé åñð Šåƒƒŕöñ.···········································]
spice-merchant-option-nutmeg-prices-value-2-5-7-9 = [2 · 5 · 7 · 9]
spice-merchant-option-nutmeg-prices-value-2-4-7-9 = [2 · 4 · 7 · 9]
spice-merchant-option-nutmeg-prices-value-3-5-7-9 = [3 · 5 · 7 · 9]
spice-merchant-option-nutmeg-prices-value-2-5-8-10 = [2 · 5 · 8 · 10]
spice-merchant-option-nutmeg-prices-value-2-4-6-8 = [2 · 4 · 6 · 8]
