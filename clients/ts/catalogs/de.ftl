## Wörter, die jedes Spiel teilt (docs/text.md, "Catalogs").

seat-default-name = Spieler { $number }

## Das Ergebnis

outcome = { $count ->
    [0] Niemand hat gewonnen.
    [one] { $winners } gewinnt mit { $score } Punkten ({ $rule }).
   *[other] { $winners } gewinnen gemeinsam mit { $score } Punkten ({ $rule }).
}
tie-break-score = die meisten Punkte
tie-break-shared = ein Gleichstand bis zuletzt
tie-break-forfeit = den anderen lief die Zeit ab

## Zurückweisungen

refusal-not-your-turn = Du bist nicht am Zug: Es wird auf { $seats } gewartet.
refusal-illegal-action = Das kannst du jetzt nicht tun.
refusal-stale-step = Das Spiel ging weiter, bevor dein Zug ankam: Sieh nach und wähle erneut.
refusal-game-over = Das Spiel ist vorbei.

## Der Tisch: Zurücknehmen und Bedenkzeit

table-taken-back = { $steps ->
    [one] { $seat } hat den letzten Zug zurückgenommen.
   *[other] { $seat } hat die letzten { $steps } Züge zurückgenommen.
}
table-timed-out-random = { $seat } ist die Zeit abgelaufen; für { $seat } wurde gezogen.
table-timed-out-greedy = { $seat } ist die Zeit abgelaufen; für { $seat } wurde gezogen.
table-timed-out-easy = { $seat } ist die Zeit abgelaufen; für { $seat } wurde gezogen.
table-timed-out-medium = { $seat } ist die Zeit abgelaufen; für { $seat } wurde gezogen.
table-timed-out-pass = { $seat } ist die Zeit abgelaufen: { $seat } passt.
table-timed-out-forfeit = { $seat } ist die Zeit abgelaufen: { $seat } gibt das Spiel auf.
table-timed-out-unknown = { $seat } ist die Zeit abgelaufen.
refusal-takeback-off = An diesem Tisch kann nichts zurückgenommen werden.
refusal-takeback-barrier = Das lässt sich nicht mehr zurücknehmen: Seitdem wurde gezogen, aufgedeckt oder gemischt.
refusal-not-your-action = Nur wer den letzten Zug gemacht hat, kann ihn zurücknehmen.
refusal-deadline-passed = Deine Zeit für diese Entscheidung ist abgelaufen.
refusal-no-clock = Dieses Spiel hat keine Bedenkzeit: Niemandem kann die Zeit ablaufen.
refusal-deadline-not-passed = { $seconds ->
    [one] Noch niemandem ist die Zeit abgelaufen: Die erste Frist endet in 1 Sekunde.
   *[other] Noch niemandem ist die Zeit abgelaufen: Die erste Frist endet in { $seconds } Sekunden.
}

## Tischoptionen, wie ein Formular zum Spielbeginn sie nennt (docs/text.md, "Options").

table-option-clock-bank-s = Zeitkonto (Sekunden)
table-option-clock-bank-s-description = Das Zeitkonto jedes Platzes, das verbraucht wird, während er entscheidet. 0: kein Zeitkonto.
table-option-clock-increment-s = Zeitgutschrift pro Zug (Sekunden)
table-option-clock-increment-s-description = Sekunden, die einem Platz nach jedem seiner Züge gutgeschrieben werden. Braucht ein Zeitkonto.
table-option-clock-move-s = Zeit pro Entscheidung (Sekunden)
table-option-clock-move-s-description = Wie lange ein Platz für jede Entscheidung hat, egal wie viel auf seinem Zeitkonto ist. 0: keine Grenze.
table-option-timeout-policy = Wenn die Zeit abläuft
table-option-timeout-policy-description = Was für einen Platz gespielt wird, dessen Zeit abgelaufen ist, sobald jemand das meldet.
table-option-timeout-policy-value-random = Ein zufälliger Zug
table-option-timeout-policy-value-greedy = Ein vernünftiger Zug (der des gierigen Bots)
table-option-timeout-policy-value-pass = Passen
table-option-timeout-policy-value-forfeit = Der Platz gibt das Spiel auf
table-option-timeout-policy-value-easy = Der Zug eines leichten Bots
table-option-timeout-policy-value-medium = Der Zug eines mittelstarken Bots
table-option-takebacks = Zurücknehmen
table-option-takebacks-description = Ob ein Platz seine eigenen letzten Züge zurücknehmen darf, bis etwas gezogen, aufgedeckt oder von einem anderen Platz gewählt wird.
table-option-takebacks-value-off = Aus
table-option-takebacks-value-until-barrier = Bis zu einem Ziehen, Aufdecken oder dem Zug eines anderen Platzes

## Central Market (docs/rules/central-market.md)

### Die Teile

# Die Namen der Aktionskarten, in den Nachrichten unten verwendet.
-central-market-cheat = Schwindel
-central-market-rot = Fäulnis
-central-market-tourists = Touristen

# Die Aktionskarten mit Namen, für ein Spielbrett, das sie zeigt.
central-market-card-cheat = { -central-market-cheat }
central-market-card-rot = { -central-market-rot }
central-market-card-tourists = { -central-market-tourists }

central-market-product-tomatoes = Tomaten
central-market-product-carrots = Karotten
central-market-product-eggplants = Auberginen
central-market-product-cucumbers = Gurken
central-market-product-peppers = Paprika
central-market-card-tomatoes-2 = Tomaten (2 kg)
central-market-card-tomatoes-3 = Tomaten (3 kg)
central-market-card-tomatoes-4 = Tomaten (4 kg)
central-market-card-carrots-2 = Karotten (2 kg)
central-market-card-carrots-3 = Karotten (3 kg)
central-market-card-carrots-4 = Karotten (4 kg)
central-market-card-eggplants-2 = Auberginen (2 kg)
central-market-card-eggplants-3 = Auberginen (3 kg)
central-market-card-eggplants-4 = Auberginen (4 kg)
central-market-card-cucumbers-2 = Gurken (2 kg)
central-market-card-cucumbers-3 = Gurken (3 kg)
central-market-card-cucumbers-4 = Gurken (4 kg)
central-market-card-peppers-2 = Paprika (2 kg)
central-market-card-peppers-3 = Paprika (3 kg)
central-market-card-peppers-4 = Paprika (4 kg)

# Warum jemand beim Anbieten aussetzt, passt oder nicht verkaufen kann (ein Satz nach einem Doppelpunkt).
central-market-skip-reason-player-limit = Das Spielerlimit ist ausgeschöpft
central-market-skip-reason-nothing-to-offer = Kein Produkt auf der Hand darf noch angeboten werden
central-market-skip-reason-cannot-undercut = Das niedrigste Gebot ist schon der niedrigste Preis
central-market-skip-reason-product-limit = Das Produktlimit ist ausgeschöpft

central-market-tie-break-unused-action-cards = die meisten unbenutzten Aktionskarten

### Aktionen

central-market-action-offer-offer = { $product } anbieten
central-market-action-starting-bid-bid = Mit { $price } starten
central-market-action-bid-bid = { $price } bieten
central-market-action-bid-pass = Passen
central-market-action-lower-bid-bid = Auf { $price } senken
central-market-action-lower-bid-stay = Bei { $bid } bleiben
central-market-action-sell-sell-card = { $card } verkaufen
central-market-action-sell-finish-sale = Verkauf beenden
central-market-action-respond-rot-play-rot = { -central-market-rot } gegen { $seller } spielen
central-market-action-respond-rot-pass = Verzichten
central-market-action-respond-tourists-play-tourists = { -central-market-tourists } spielen
central-market-action-respond-tourists-pass = Verzichten
central-market-action-tourists-sale-sell-card = { $card } verkaufen
central-market-action-tourists-sale-finish-sale = Verkauf beenden
central-market-action-set-aside-set-aside = { $card } beiseitelegen
central-market-action-set-aside-keep-all = Alle Karten behalten

### Entscheidungen

central-market-prompt-offer = Wähle ein Produkt aus deiner Hand, das du anbietest.
central-market-prompt-starting-bid = Nenne dein Startgebot für { $product }: einen Preis von { $least } bis { $most }.
central-market-prompt-bid = Im Angebot: { $product }, niedrigstes Gebot { $lowest }. Biete weniger, um mitzuverkaufen, oder passe.
central-market-prompt-lower-bid = Das niedrigste Gebot für { $product } ist { $lowest }. Senke dein Gebot von { $bid } darunter oder bleib dabei.
central-market-prompt-sell = { $cheat ->
    [1] Dein { -central-market-cheat } ist aufgedeckt: Spiele statt { $product } andere Karten zu { $price } pro kg und beende dann den Verkauf.
   *[0] Verkaufe { $product } zu { $price } pro kg: Spiele Karten einzeln und beende dann den Verkauf.
} Übrig: { $product_left } kg vom Produktlimit, { $player_left } kg von deinem Limit.
central-market-prompt-respond-rot = { $seller } soll gleich für { $paid_kg } kg zum Preis von { $price } bezahlt werden. Spiele die { -central-market-rot }-Karte, damit die Hälfte verfault, oder verzichte.
central-market-prompt-respond-tourists = Spiele die { -central-market-tourists }-Karte, um weitere { $product } zu { $price } pro kg außerhalb der Limits zu verkaufen, oder verzichte.
central-market-prompt-tourists-sale = Verkaufe { $product } an die { -central-market-tourists } zu { $price } pro kg, außerhalb der Limits: Spiele Karten einzeln und beende dann den Verkauf.
central-market-prompt-set-aside = Lege eine Karte verdeckt für die Schlussrunde beiseite oder behalte alle Karten.

### Ereignisse

central-market-event-round-started = { $final_round ->
    [1] Runde { $round } beginnt, die Schlussrunde: Alle werfen ihre Hand ab und spielen mit den beiseitegelegten Karten. { $starting_player } fängt an.
   *[0] Runde { $round } beginnt: { $starting_player } fängt an.
}
central-market-event-cards-delivered = { $seat } erhält { $count ->
    [0] keine Karten
    [one] eine Karte
   *[other] { $count } Karten
}.
central-market-event-cards-delivered-private = { $count ->
    [0] Du erhältst keine Karten.
   *[other] Du erhältst: { $cards }.
}
central-market-event-discard-reshuffled = Der Ablagestapel ({ $count ->
    [one] eine Karte
   *[other] { $count } Karten
}) wird zu einem neuen Nachziehstapel gemischt.
central-market-event-delivery-stopped = Es sind keine Karten mehr zum Austeilen da: Die Lieferung endet.
central-market-event-hand-discarded = { $count ->
    [0] { $seat } hat keine Karten zum Abwerfen.
   *[other] { $seat } wirft die Hand ab: { $cards }.
}
central-market-event-hand-discarded-face-down = { $count ->
    [0] { $seat } hat keine Karten zum Abwerfen.
    [one] { $seat } wirft eine Karte verdeckt ab.
   *[other] { $seat } wirft { $count } Karten verdeckt ab.
}
central-market-event-set-aside-picked-up = { $seat } nimmt { $count ->
    [0] keine beiseitegelegten Karten
    [one] eine beiseitegelegte Karte
   *[other] { $count } beiseitegelegte Karten
} auf.
central-market-event-set-aside-picked-up-private = { $count ->
    [0] Du hast keine beiseitegelegten Karten zum Aufnehmen.
   *[other] Du nimmst deine beiseitegelegten Karten auf: { $cards }.
}
central-market-event-offer-skipped = { $seat } setzt beim Anbieten aus: { $reason }.
central-market-event-offered = { $seat } bietet an: { $product }.
central-market-event-bid-placed = { $seat } bietet { $price }.
central-market-event-passed = { $seat } passt.
central-market-event-passed-automatically = { $seat } passt: { $reason }.
central-market-event-stayed = { $automatic ->
    [1] { $seat } bleibt beim Gebot: Der niedrigste Preis ist erreicht.
   *[0] { $seat } bleibt beim Gebot.
}
central-market-event-cheat-revealed = { $seat } spielt die { -central-market-cheat }-Karte: doch keine { $product } auf der Hand, stattdessen werden andere Karten verkauft.
central-market-event-sale-skipped = { $seat } kann { $product } nicht verkaufen: { $reason }.
central-market-event-card-played = { $tourists ->
    [1] { $seat } verkauft an die { -central-market-tourists }: { $card }.
   *[0] { $seat } spielt { $card }.
}
central-market-event-cards-played = { $seat } hat { $played_kg } kg für { $product } gespielt: { $lost_kg ->
    [0] Alles zählt.
   *[other] { $sold_kg } kg verkauft, { $lost_kg } kg über die Limits verloren.
}
central-market-event-rot-played = { $seat } spielt die { -central-market-rot }-Karte gegen { $target }: { $target } wird nur noch für { $paid_kg } kg bezahlt.
central-market-event-reaction-declined = { $tourists ->
    [1] { $seat } verzichtet auf die { -central-market-tourists }-Karte.
   *[0] { $seat } verzichtet auf die { -central-market-rot }-Karte.
}
central-market-event-tourists-played = { $seat } spielt die { -central-market-tourists }-Karte: weitere { $product } zu { $price } pro kg, außerhalb der Limits.
central-market-event-sale-settled = { $tourists ->
    [1] { $seat } nimmt durch die { -central-market-tourists } { $income } ein ({ $paid_kg } kg × { $price }).
   *[0] { $seat } nimmt für { $product } { $income } ein ({ $paid_kg } kg × { $price }).
}
central-market-event-set-aside-chosen = { $seat } hat gewählt, was beiseitegelegt wird.
central-market-event-set-aside-chosen-private = Für die Schlussrunde legst du beiseite: { $card }.
central-market-event-set-aside-chosen-keep-all-private = Du behältst alle deine Karten.
central-market-event-set-aside-revealed = { $count ->
    [0] { $seat } hat keine Karte beiseitegelegt.
    [one] { $seat } hat eine Karte für die Schlussrunde beiseitegelegt.
   *[other] { $seat } hat { $count } Karten für die Schlussrunde beiseitegelegt.
}
central-market-event-round-scored = { $count ->
    [0] Runde { $round } ist gewertet: Niemand hat etwas eingenommen.
    [one] Runde { $round } ist gewertet: { $seats } hat am meisten eingenommen ({ $income }) und { $points ->
        [one] erhält 1 Siegpunkt.
       *[other] erhält { $points } Siegpunkte.
    }
   *[other] Runde { $round } ist gewertet: { $seats } haben am meisten eingenommen (je { $income }) und { $points ->
        [one] erhalten je 1 Siegpunkt.
       *[other] erhalten je { $points } Siegpunkte.
    }
}
central-market-event-starting-player-chosen = { $seat } hat die wenigsten Siegpunkte und beginnt die nächste Runde.
central-market-event-game-ended = { $count ->
    [one] Das Spiel ist vorbei: { $winners } gewinnt.
   *[other] Das Spiel ist vorbei: { $winners } gewinnen gemeinsam.
}

### Zurückweisungen

central-market-refusal-product-not-in-hand = Du hast keine { $product } auf der Hand.
central-market-refusal-product-removed = Nicht in diesem Spiel: { $product }.
central-market-refusal-already-offered = In dieser Runde schon angeboten: { $product }. Jedes Produkt wird nur einmal pro Runde angeboten.
central-market-refusal-price-range = Nenne einen Preis von { $least } bis { $most }.
central-market-refusal-bid-not-below = Dein Gebot muss unter { $lowest } liegen, dem niedrigsten Gebot.
central-market-refusal-bid-needs-product = Du hast keine { $product } und keine { -central-market-cheat }-Karte mehr: Du kannst nur passen.
central-market-refusal-cheat-needs-a-card = Du hast keine { $product }, und für die { -central-market-cheat }-Karte brauchst du eine Karte auf der Hand, die du stattdessen verkaufst: Du kannst nur passen.
central-market-refusal-card-not-in-hand = Diese Karte hast du nicht auf der Hand: { $card }.
central-market-refusal-card-not-of-product = In diesem Verkauf geht es um { $product }: { $card } passt nicht dazu.
central-market-refusal-cheat-one-product = Deine erste Karte hat festgelegt, was du beim { -central-market-cheat } verkaufst: nur { $product }, nicht { $card }.
central-market-refusal-finish-without-cards = Spiele mindestens eine Karte, bevor du den Verkauf beendest.
central-market-refusal-rot-used = Du hast deine { -central-market-rot }-Karte schon gespielt.
central-market-refusal-rot-not-now = Die { -central-market-rot }-Karte kannst du nur direkt spielen, nachdem jemand anderes die Karten eines Verkaufs ausgespielt hat.
central-market-refusal-tourists-used = Du hast deine { -central-market-tourists }-Karte schon gespielt.
central-market-refusal-tourists-not-now = Die { -central-market-tourists }-Karte kannst du nur nach dem letzten Verkauf eines Produkts spielen, wenn du darauf geboten und mindestens 1 kg verkauft hast.

### Optionen (die Wörter eines Formulars zum Spielbeginn: docs/text.md, "Options")

central-market-option-max-price = Höchster Preis
central-market-option-max-price-description = Die Preise der Gebotskarte reichen von 1 bis zu diesem Wert. Der Bereich der echten Karte ist nicht bekannt; 10 ist ein Vorschlag.
central-market-option-removed-product = Entferntes Produkt (Variante mit 40 Karten)
central-market-option-removed-product-description = Zu dritt kann mit 40 Karten gespielt werden: Ein Produkt wird aus dem Spiel genommen.
central-market-option-removed-product-value-none = Keines: alle 50 Karten
central-market-option-removed-product-value-tomatoes = { central-market-product-tomatoes }
central-market-option-removed-product-value-carrots = { central-market-product-carrots }
central-market-option-removed-product-value-eggplants = { central-market-product-eggplants }
central-market-option-removed-product-value-cucumbers = { central-market-product-cucumbers }
central-market-option-removed-product-value-peppers = { central-market-product-peppers }
central-market-option-skip-idle-reactions = Unnötige { -central-market-tourists }-Fragen überspringen
central-market-option-skip-idle-reactions-description = Plätze ohne eine Karte des Produkts auf der Hand werden nicht gefragt, ob sie die { -central-market-tourists }-Karte spielen. Die Frage verrät dann, dass ein Platz das Produkt hat.
central-market-option-cheat-mixed-products = { -central-market-cheat } darf Produkte mischen
central-market-option-cheat-mixed-products-description = Wer schwindelt, darf Karten mehrerer Produkte verkaufen. Sonst legt die erste gespielte Karte das eine verkaufte Produkt fest.
central-market-option-reveal-final-discards = Letzte Abwürfe offen
central-market-option-reveal-final-discards-description = In der letzten Runde kommen die abgeworfenen Handkarten offen auf den Ablagestapel. Sonst werden sie verdeckt abgeworfen.

## Market Fresh (docs/rules/market-fresh.md)
## Eingesetzte Namen (Obst, Gemüse, Kisten) stehen nur im Nominativ oder
## Akkusativ Plural oder nach einem Doppelpunkt, nie nach "mit" oder "von".

### Die Teile

market-fresh-produce-lemons = Zitronen
market-fresh-produce-pears = Birnen
market-fresh-produce-carrots = Karotten
market-fresh-produce-plums = Pflaumen
market-fresh-produce-onions = Zwiebeln
market-fresh-produce-dragon-fruits = Drachenfrüchte
market-fresh-produce-apples = Äpfel
market-fresh-produce-tomatoes = Tomaten
market-fresh-produce-grapes = Trauben
market-fresh-produce-cabbages = Kohlköpfe
market-fresh-produce-peppers = Paprika

# Felder der Auslage: Spaltenbuchstabe, dann Zeilennummer, A1 oben links.
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

market-fresh-nothing = nichts
market-fresh-scoring-basic = Grundwertung
market-fresh-scoring-height = Höhenwertung
market-fresh-variant-standard = Grundspiel
market-fresh-variant-crate-heights = Kistenhöhen
market-fresh-variant-solo = Stapel-Solo

# „Wie hast du abgeschnitten?“ im Stapel-Solo, von wenigen zu vielen Punkten.
market-fresh-rating-moldy = Verschimmelt
market-fresh-rating-a-little-stale = Etwas altbacken …
market-fresh-rating-not-quite-ripe = Noch nicht ganz reif
market-fresh-rating-greenhorn = Grünschnabel
market-fresh-rating-marketable = Marktreif
market-fresh-rating-stacking-up = Das stapelt sich
market-fresh-rating-feelin-fresh = Frisch und munter
market-fresh-rating-market-mastery = Du hast die MARKTMEISTERSCHAFT erreicht!

### Aktionen

market-fresh-action-take-face-up = { $crate } nehmen
market-fresh-action-take-face-down = Verdeckte Kiste nehmen (noch { $left })
market-fresh-action-choose-crate = { $crate } auslegen
market-fresh-action-remove-crate = { $crate } entfernen{ $lost ->
    [0] {""}
    [one] {" "}(−1 Punkt)
   *[other] {" "}(−{ $lost } Punkte)
}
market-fresh-action-place = { $first_half } auf { $first }, { $second_half } auf { $second }{ $matching_halves ->
    [2] {" "}(Höhe { $height }, perfekt frisch)
   *[other] {" "}(Höhe { $height })
}
market-fresh-action-score = { $produce } werten: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}{ $decline_farmer_tile ->
    [1] , kein Bauernplättchen
   *[0] { $row ->
        [0] {""}
       *[other] , Bauernplättchen in Reihe { $row }
    }
}
market-fresh-action-score-basic = { $produce } einfach werten: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
market-fresh-action-score-height = { $produce } nach Höhe werten: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}, Bauernplättchen in Reihe { $row }
market-fresh-action-unknown = Ein anderer Zug

### Entscheidungen

market-fresh-prompt-take-crate = { $face_down ->
    [0] Nimm eine der offenen Kisten.
   *[other] { $face_up ->
        [0] Nimm die oberste verdeckte Kiste.
       *[other] Nimm eine offene Kiste oder die oberste verdeckte.
    }
}
market-fresh-prompt-choose-crate = { $solo ->
    [1] Wähle eine offene Kiste für deine Auslage.
   *[0] Wähle eine deiner Kisten für deine Auslage; passt keine, entferne eine aus dem Spiel.
}
market-fresh-prompt-place-crate = Lege deine Kiste ({ $crate }) auf zwei benachbarte Felder deiner Auslage.
market-fresh-prompt-score = { $double ->
    [1] Werte deine Kiste: { $first_half }
   *[0] Wähle, was du wertest: { $first_half } oder { $second_half }
}{ $height ->
    [1] , per Grund- oder Höhenwertung
   *[0] {""}
}{ $perfect_match ->
    [1] {" "}(perfekt frisch: +5).
   *[0] .
}

### Ereignisse

market-fresh-event-crate-taken = { $face_down ->
    [1] { $seat } nimmt eine verdeckte Kiste.
   *[0] { $seat } nimmt eine offene Kiste: { $crate }.
}
market-fresh-event-crate-taken-private = Du nimmst eine verdeckte Kiste: { $crate }.
market-fresh-event-face-up-refilled = Eine neue Kiste wird aufgedeckt: { $crate } ({ $face_down_left ->
    [0] keine verdeckten Kisten mehr
    [one] noch eine verdeckte Kiste
   *[other] noch { $face_down_left } verdeckte Kisten
}).
market-fresh-event-crate-chosen = { $seat } wählt eine Kiste zum Auslegen: { $crate }.
market-fresh-event-crate-placed = { $seat } legt { $first_half } auf { $first } und { $second_half } auf { $second }, Höhe { $height }{ $matching_halves ->
    [0] .
    [1] ; eine Hälfte passt zu dem, was darunter liegt.
   *[other] : perfekt frisch!
}
market-fresh-event-scored-basic = { $seat } wertet { $produce }: { $visible } sichtbar{ $perfect_match ->
    [1] {" "}+ 5 für perfekte Frische
   *[0] {""}
} = { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
} (gesamt { $score }).
market-fresh-event-scored-height = { $seat } wertet { $produce } nach Höhe: { $visible } sichtbar × { $row }{ $perfect_match ->
    [1] {" "}+ 5 für perfekte Frische
   *[0] {""}
} = { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
} (gesamt { $score }).
market-fresh-event-farmer-tile = { $from_row ->
    [0] { $seat } legt ein Bauernplättchen in Reihe { $to_row } der Spalte { $produce }.
   *[other] { $seat } rückt das Bauernplättchen in der Spalte { $produce } von Reihe { $from_row } auf Reihe { $to_row } vor.
}
market-fresh-event-crate-removed = { $seat } kann keine Kiste auslegen und entfernt eine aus dem Spiel: { $crate }{ $points_lost ->
    [0] {" "}(kein Punkt zu verlieren).
    [one] {" "}(−1 Punkt, gesamt { $score }).
   *[other] {" "}(−{ $points_lost } Punkte, gesamt { $score }).
}
market-fresh-event-game-ended = { $final_scoring ->
    [1] Alle Kisten sind gespielt und der Marktplan ist gewertet
   *[0] Alle Kisten sind gespielt
}: { $count ->
    [one] { $winners } gewinnt mit { $score ->
        [one] 1 Punkt
       *[other] { $score } Punkten
    }.
   *[other] { $winners } gewinnen gemeinsam mit { $score } Punkten.
}
market-fresh-event-game-ended-solo = { $unused ->
    [0] Alle Kisten sind gespielt
    [one] Eine Kiste passte nicht mehr (−{ $penalty } Punkte)
   *[other] { $unused } Kisten passten nicht mehr (−{ $penalty } Punkte)
}: Endstand: { $score ->
    [one] 1 Punkt
   *[other] { $score } Punkte
}. Wie hast du abgeschnitten? { $rating }
market-fresh-event-unknown = Auf dem Tisch ist etwas geschehen.

### Zurückweisungen

market-fresh-refusal-not-face-up = Diese Kiste liegt nicht offen aus: { $crate }.
market-fresh-refusal-no-face-down-crates = Es gibt keine verdeckten Kisten mehr: Nimm eine offene Kiste.
market-fresh-refusal-not-held = Diese Kiste hast du nicht: { $crate }.
market-fresh-refusal-fits-nowhere = Diese Kiste passt nirgends in deine Auslage: { $crate }.
market-fresh-refusal-remove-while-one-fits = Eine deiner Kisten passt noch in deine Auslage, also lege sie aus: Entfernen darfst du eine Kiste nur, wenn keine passt.
market-fresh-refusal-not-adjacent = Eine Kiste liegt auf zwei benachbarten Feldern: { $first } und { $second } sind nicht benachbart.
market-fresh-refusal-uneven = Beide Hälften müssen auf gleicher Höhe liegen: { $first } hat Höhe { $first_height }, { $second } Höhe { $second_height }.
market-fresh-refusal-picture-mismatch = Auf einem Bildfeld muss eine Hälfte zum Bild darunter passen: { $first } zeigt { $below_first }, { $second } zeigt { $below_second }.
market-fresh-refusal-crate-mismatch = Auf Kisten muss mindestens eine Hälfte zu dem passen, was darunter liegt: { $first } zeigt { $below_first }, { $second } zeigt { $below_second }.
market-fresh-refusal-produce-not-in-crate = In deiner Kiste sind keine { $produce }: Werte { $double ->
    [1] { $first_half }
   *[0] { $first_half } oder { $second_half }
}.
market-fresh-refusal-no-height-scoring = Die Höhenwertung gibt es nur bei Kistenhöhen und im Stapel-Solo, nicht im Grundspiel.
market-fresh-refusal-height-used = Du hast { $produce } schon nach Höhe gewertet: einmal pro Sorte und Spiel.
market-fresh-refusal-no-free-row = In der Spalte { $produce } ist in Reihe { $height } und darunter nichts mehr frei: Eine Höhenwertung ist nicht möglich.
market-fresh-refusal-solo-rows-below = Für eine Höhenwertung in Reihe { $row } brauchst du zuerst ein Bauernplättchen { $below ->
    [2] in Reihe 2
   *[other] in jeder der Reihen 2 bis { $below }
} (beliebige Spalte): In Reihe { $missing } liegt noch keins.
market-fresh-refusal-decline-not-standard = In dieser Variante legt die Höhenwertung immer ein Bauernplättchen und die Grundwertung nie: Es gibt nichts abzulehnen.
market-fresh-refusal-no-tile-to-decline = Diese Wertung legt oder versetzt kein Bauernplättchen: Es gibt nichts abzulehnen.

### Optionen (die Wörter eines Formulars zum Spielbeginn: docs/text.md, "Options")

market-fresh-option-variant = Variante
market-fresh-option-variant-description = Das Grundspiel, Kistenhöhen (2–4 Personen) oder Stapel-Solo (genau 1 Person, mit 4×4-Auslagen).
market-fresh-option-variant-value-standard = { market-fresh-variant-standard }
market-fresh-option-variant-value-crate-heights = { market-fresh-variant-crate-heights }
market-fresh-option-variant-value-solo = { market-fresh-variant-solo }
market-fresh-option-grid = Größe der Auslage
market-fresh-option-grid-description = 5×5 Felder oder die kleineren 4×4-Auslagen. Automatisch: 5×5, aber 4×4 im Stapel-Solo, das immer diese verwendet.
market-fresh-option-grid-value-auto = Automatisch
market-fresh-option-grid-value-5 = 5×5
market-fresh-option-grid-value-4 = 4×4

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
