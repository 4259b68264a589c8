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
