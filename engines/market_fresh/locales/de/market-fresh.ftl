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
