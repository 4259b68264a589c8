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
