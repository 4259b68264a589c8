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
