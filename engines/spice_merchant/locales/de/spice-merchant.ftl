## Spice Merchant (docs/rules/spice-merchant.md)

### Die Teile

spice-merchant-spice-black-pepper = Schwarzer Pfeffer
spice-merchant-spice-ginger = Ingwer
spice-merchant-spice-cinnamon = Zimt
spice-merchant-spice-clove = Nelke
spice-merchant-spice-nutmeg-and-mace = Muskat
spice-merchant-spice-saffron = Safran
spice-merchant-market-a = A
spice-merchant-market-b = B
spice-merchant-market-c = C
spice-merchant-market-d = D
spice-merchant-market-e = E
spice-merchant-market-f = F
spice-merchant-round-end-all-markets-occupied = alle Märkte sind belegt
spice-merchant-round-end-two-full-markets = zwei Märkte sind voll
spice-merchant-round-end-no-seat-can-act = kein Händler kann handeln
spice-merchant-tie-break-goods-sold = die meisten verkauften Waren

### Aktionen

spice-merchant-action-register-secret = Verdeckt anmelden: { $spices }
spice-merchant-action-open-trade = Offen handeln: { $spice }
spice-merchant-action-fake-demand = Nachfrage vortäuschen: { $count } × { $spice } auf Markt { $market }

### Entscheidungen

spice-merchant-prompt-register-secret = { $count ->
    [one] Wähle ein Gewürz, das du geheim anmeldest.
   *[other] Wähle { $count } Gewürze, die du geheim anmeldest.
}
spice-merchant-prompt-turn = { $open_trade ->
    [1] Melde eine offene Ware an oder täusche Nachfrage auf einem Markt vor.
   *[0] Täusche Nachfrage auf einem Markt vor.
}

### Ereignisse

spice-merchant-event-round-started = Runde { $round } beginnt: { $first_player } spielt zuerst, und alle melden { $secret_goods_to_register ->
    [one] eine geheime Ware
   *[other] { $secret_goods_to_register } geheime Waren
} an.
spice-merchant-event-secret-registered = { $seat } hat { $count ->
    [0] nichts angemeldet
    [one] eine geheime Ware verdeckt angemeldet
   *[other] { $count } geheime Waren verdeckt angemeldet
}.
spice-merchant-event-secret-registered-private = { $count ->
    [one] Deine geheime Ware: { $spices }.
   *[other] Deine geheimen Waren: { $spices }.
}
spice-merchant-event-open-traded = { $seat } meldet eine offene Ware an: { $spice }.
spice-merchant-event-fake-demanded = { $seat } täuscht Nachfrage vor: { $count } × { $spice } auf Markt { $market } (jetzt { $market_count }).
spice-merchant-event-cards-drawn = { $seat } zieht { $count ->
    [0] keine Karte
    [one] eine Karte
   *[other] { $count } Karten
}{ $missing ->
    [0] {""}
   *[other] {""}; dem Stapel fehlten { $missing }
} (Stapel: { $deck_size }).
spice-merchant-event-cards-drawn-private = Du ziehst: { $spices }.
spice-merchant-event-seat-passed = { $seat } kann nicht handeln und passt für den Rest der Runde.
spice-merchant-event-round-scored = Runde { $round } wird gewertet: { $reason }.
spice-merchant-event-game-ended = { $count ->
    [one] Das Spiel ist vorbei: { $winners } gewinnt ({ $tie_break }).
   *[other] Das Spiel ist vorbei: { $winners } gewinnen gemeinsam ({ $tie_break }).
}

### Zurückweisungen

spice-merchant-refusal-register-count = { $count ->
    [one] Melde genau ein Gewürz an.
   *[other] Melde genau { $count } Gewürze an.
}
spice-merchant-refusal-not-in-hand = Du hast { $held } × { $spice }, nicht { $count }.
spice-merchant-refusal-open-trade-used = Du hast in dieser Runde schon eine offene Ware angemeldet.
spice-merchant-refusal-market-holds-another-spice = Auf Markt { $market } liegt schon { $spice }: ein Markt, ein Gewürz.
spice-merchant-refusal-market-full = { $room ->
    [0] Markt { $market } ist voll.
    [one] Auf Markt { $market } ist Platz für eine weitere Karte.
   *[other] Auf Markt { $market } ist Platz für { $room } weitere Karten.
}
spice-merchant-refusal-spice-in-two-markets = { $spice } liegt schon auf { $most } Märkten.

### Optionen (die Wörter eines Formulars zum Spielbeginn: docs/text.md, "Options")

spice-merchant-option-nutmeg-prices = Preise für { spice-merchant-spice-nutmeg-and-mace }
spice-merchant-option-nutmeg-prices-description = Punkte pro Ware, wenn ihr Markt 1, 2, 3 oder 4 Karten hält. Die Spielregel lässt diese Zeile leer; die erste Wahl liegt zwischen Nelke und Safran.
spice-merchant-option-nutmeg-prices-value-2-5-7-9 = 2 · 5 · 7 · 9
spice-merchant-option-nutmeg-prices-value-2-4-7-9 = 2 · 4 · 7 · 9
spice-merchant-option-nutmeg-prices-value-3-5-7-9 = 3 · 5 · 7 · 9
spice-merchant-option-nutmeg-prices-value-2-5-8-10 = 2 · 5 · 8 · 10
spice-merchant-option-nutmeg-prices-value-2-4-6-8 = 2 · 4 · 6 · 8
