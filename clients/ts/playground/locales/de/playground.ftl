## Die eigenen Wörter des Playgrounds (docs/playground.md, "What it shows"). Die Sätze und
## Wörter der Spiele kommen aus den Katalogen des Servers; hier stehen nur die der Seite.

## Die Seite um das Spiel

skip-to-actions = Zu den Aktionen springen
tagline = Spiele über die öffentliche HTTP-API und sieh, was jeder Platz erfährt.
pages =
    .aria-label = Seiten
tab-play = Spielen
tab-replay = Nachspielen
language = Sprache
api-documents =
    .aria-label = API-Dokumente
link-health = Zustand
link-catalogs = Kataloge
catalog-failed = Der Katalog für { $locale } konnte nicht geladen werden: { $error }
unknown = ?
nothing = nichts
you-mark = {" "}(du)
spectator = Zuschauer
step = Schritt { $step }
percent = { NUMBER($value, maximumFractionDigits: 1) } %

## Spielbeginn

new-game = Neues Spiel
asking-list-games = Der Server wird nach seinen Spielen gefragt …
list-games-failed = ListGames ist fehlgeschlagen: { $error }
setup-game = Spiel
setup-rules-version = Regelversion
setup-players = Personen
setup-players-range = { $min }–{ $max } Personen
setup-seed = Startwert (freiwillig)
    .placeholder = beliebiger Text; leer: der Server zieht einen
setup-seed-hint = Derselbe Startwert teilt dasselbe Spiel aus.
setup-seats = Wer an jedem Platz spielt, und der Name, den ihm die Texte des Spiels geben
setup-name = Name (freiwillig)
setup-table-options = Bedenkzeit und Zurücknehmen
option-trusted-only = Nur für vertrauenswürdige Server: Die Option macht Verborgenes öffentlich, deshalb lehnt ein Server sie ab, der Platz-Token verlangt.
start-game = Spiel starten
controller-human = Mensch (am selben Gerät)
controller-random = Bot: zufällig
controller-greedy = Bot: gierig
controller-ismcts = Bot: ISMCTS

## Stand des Spiels, Plätze, Einstellungen des Tisches

deciding = Am Zug: { $seats }
whose-view = Wessen Sicht gezeigt wird
follow-deciding = Dem Platz am Zug folgen
deciding-badge = am Zug
no-view = Keine Sicht von { $viewer } in dieser Antwort.
not-this-game = Diese Sicht gehört zu einem anderen Spiel.
table-controls = Plätze, Bots und das Protokoll des Spiels
bot-pace = Tempo der Bots
bot-pace-value = { $ms } ms
bots-pause = Bots anhalten
bots-run = Bots spielen lassen
export-log = Protokoll exportieren (JSON)
open-replay = Im Nachspielen öffnen
replay-this-game = Dieses Spiel nachspielen und seine Fairness prüfen
answered-without-update = { $call } hat ohne Spielstand geantwortet
answered-without-action = SuggestAction hat ohne Aktion geantwortet
call-refused = { $call } abgelehnt: { $error }

## Aktionen

actions = Aktionen
actions-of = Aktionen von { $seat }
show-seat = { $seat } zeigen
spectator-never-acts = Zuschauer handeln nie. Gerade am Zug:
seat-does-not-decide = { $seat } ist gerade nicht am Zug. Am Zug:
played-by-bot = Für { $seat } spielt { $bot }: Er wählt selbst unter { $count ->
    [one] seiner einen erlaubten Aktion
   *[other] { $count } erlaubten Aktionen
}.
played-by-bot-paused = Für { $seat } spielt { $bot }: Er wählt selbst unter { $count ->
    [one] seiner einen erlaubten Aktion
   *[other] { $count } erlaubten Aktionen
}, sobald die Bots spielen.
legal-actions = { $count ->
    [one] Eine erlaubte Aktion.
   *[other] { $count } erlaubte Aktionen.
}
grid-hint = Oder klicke in deine Auslage: zuerst das Feld für die erste Hälfte der Kiste, dann das für die zweite.
pick-first = Zu viele, um alle zu zeigen: Wähle in Schritten.
pick-next = { $count ->
    [one] Eine Aktion bleibt:
   *[other] { $count } Aktionen bleiben: Wähle weiter.
}
pick-group = Wähle eins
pick-choice = { $choice }: { $count ->
    [one] eine Aktion
   *[other] { $count } Aktionen
}
pick-back = ‹ Zurück
grid-pick-first = Klicke auf das Feld für die erste Hälfte der Kiste.
grid-pick-second = Klicke auf das Feld für ihre zweite Hälfte.

## Bots

bot-title = Letzter Zug eines Bots
bot-chose = { $seat } ({ $bot }) wählte
bot-iterations = nach { $count ->
    [one] einer Iteration
   *[other] { $count } Iterationen
}.
bot-each-scored = Der gierige Bot hat jede Möglichkeit an denselben { $count } gezogenen Verteilungen bewertet.
bot-candidate = Möglichkeit
bot-visits = Besuche
bot-value = Wert
bots-busy = Die Bots des Servers sind beschäftigt; gleich wird erneut gefragt.
bots-unimplemented = Dieser Server bietet SuggestAction nicht an ({ $error }): Bots können nicht ziehen; setze einen Menschen an den Platz.
bot-failed = { $bot } für { $seat } ist fehlgeschlagen: { $error }

## Was eine Sicht enthält, das Protokoll, das Ergebnis

redaction-title = Was die Sicht von { $seat } enthält
redaction-title-spectator = Was die Sicht der Zuschauer enthält
redaction-seat = Nur { $seat } erhält diese Sicht (ihr Token öffnet sie); jede andere Sicht lässt die erste Liste weg.
redaction-spectator = Die Sicht der Zuschauer enthält nur Öffentliches: keine Hand, keine geheime Wahl.
only-this-seat-sees = Nur dieser Platz sieht
nothing-private = Gerade nichts Privates.
hidden-from-this-view = Vor dieser Sicht verborgen
redaction-your-hand = Deine Hand
redaction-hand-of = Hand von { $seat }
redaction-deck = Der Stapel (und seine Reihenfolge)
redaction-draw-pile = Der Nachziehstapel (und seine Reihenfolge)
cards-count-on-board = { $count ->
    [0] keine Karten
    [one] eine Karte, auf dem Spielbrett gezeigt
   *[other] { $count } Karten, auf dem Spielbrett gezeigt
}
face-down-cards = { $count ->
    [one] eine verdeckte Karte
   *[other] { $count } verdeckte Karten
}
face-down-crates = { $count ->
    [one] eine verdeckte Kiste
   *[other] { $count } verdeckte Kisten
}
event-log = Ereignisprotokoll
log-as-received = Wie { $viewer } es erhält, neueste zuerst.
log-private-left-out = { $count ->
    [one] Ein privates Ereignis an andere Plätze fehlt hier.
   *[other] { $count } private Ereignisse an andere Plätze fehlen hier.
}
log-older = { $count ->
    [one] … und ein älteres Ereignis (das exportierte Protokoll enthält das ganze Spiel).
   *[other] … und { $count } ältere Ereignisse (das exportierte Protokoll enthält das ganze Spiel).
}
log-step = Schritt { $step }
no-events = Noch keine Ereignisse.
private-event = privat: { $seats }
private-event-hint = Ein privates Ereignis: Nur diese Plätze erhalten es
view-json = Diese Sicht als JSON (die GameView von { $viewer })
col-seat = Platz
col-rank = Rang
col-score = Punkte
col-tie-break = Gleichstandswerte
col-points = Punkte
col-total = Summe
col-status = Stand
seed-revealed = Aufgedeckter Startwert:
salt = Salz:
no-salt = (kein Salz: ein Spiel von vor den Salzen)
winners = Gewonnen:

## Teile, die jedes Spielbrett braucht

round-of = Runde { $round } von { $total }
phase-game-over = Spiel vorbei
first-player = Startspieler: { $seat }
starting-player = Startspieler: { $seat }
status-first-player = Startspieler
status-starting-player = Startspieler
to-move = am Zug
your-hand = Hand von { $seat } ({ $count ->
    [one] eine Karte
   *[other] { $count } Karten
})
no-cards-in-hand = Keine Karten auf der Hand.
cards-count-own = { $count ->
    [one] eine Karte (deine, oben)
   *[other] { $count } Karten (deine, oben)
}
points = { $count ->
    [one] ein Punkt
   *[other] { $count } Punkte
}
kg = { $kg } kg
kg-left-of = { $left } von { $limit } kg übrig

## Das Spielbrett von Spice Merchant

sm-phase-registration = Geheime Waren werden angemeldet
sm-phase-trading = Handel
sm-secret-goods-this-round = { $count ->
    [one] eine geheime Ware in dieser Runde
   *[other] { $count } geheime Waren in dieser Runde
}
sm-nutmeg-prices = { $spice }: { $prices }
sm-markets = Die Weltmärkte um den Stapel
sm-markets-scored = Die Weltmärkte, wie die letzte Runde gewertet wurde
sm-markets-as-scored = Märkte, wie in Runde { $round } gewertet
sm-deck = Stapel
sm-market-name = Markt { $market }
sm-market-label = Markt { $market }: { $count } × { $spice }, je { $points } wert
sm-market-empty-label = Markt { $market }: leer
sm-market-empty = leer
sm-worth = { $points ->
    [one] je 1 Punkt
   *[other] je { $points } Punkte
}
sm-price-list = Preisliste: Punkte pro Ware, je nachdem, wie viele Karten ihr Markt hält
sm-price-lit = So, wie die Märkte gerade stehen.
sm-col-spice = Gewürz
sm-col-cards = Karten
sm-col-in-market = { $count ->
    [one] eine Karte auf dem Markt
   *[other] { $count } Karten auf dem Markt
}
sm-merchants = Händler
sm-merchant = Händler
sm-hand = Hand
sm-secret-goods = Geheime Waren
sm-open-good = Offene Ware
sm-secret = geheim
sm-open = offen
sm-goods-sold = Verkaufte Waren
sm-rounds = Punkte je Runde
sm-status-registered = angemeldet
sm-status-registering = meldet an
sm-status-passed = hat gepasst
sm-status-open-trade-used = offener Handel genutzt
sm-round-scoring = Runde { $round } gewertet: { $reason }
sm-sold = Verkauft
sm-unsold = Unverkauft
sm-sale = { $spice } auf Markt { $market }: { $points }
sm-your-secret-goods = Deine geheimen Waren
sm-redaction-secret-goods-of = Geheime Waren von { $seat } (bei der Wertung aufgedeckt)

## Das Spielbrett von Central Market

cm-phase-offer = Ein Produkt wird angeboten
cm-phase-starting-bid = Startgebot
cm-phase-first-lap = Bieten: erste Runde
cm-phase-lowering = Bieten: Unterbieten
cm-phase-sell = Verkauf
cm-phase-rot = Gelegenheit für Fäulnis
cm-phase-tourists = Gelegenheit für Touristen
cm-phase-tourists-sale = Verkauf an die Touristen
cm-phase-set-aside = Beiseitelegen für die letzte Runde
cm-final-round = Runde { $round } von { $total } (die letzte Runde)
cm-prices = Preise 1–{ $max }
cm-product-removed = { $product }: aus dem Spiel (40 Karten)
cm-on-offer = Im Angebot
cm-offered-by = angeboten von { $seat }
cm-choosing-product = { $seat } wählt ein Produkt.
cm-nothing-on-offer = Nichts im Angebot.
cm-lowest-bid = Niedrigstes Gebot:
cm-bidding-card = Gebotskarte
cm-token = { $seat } bietet { $price }
cm-bid-of = { $seat } { $price } ({ $state })
cm-no-bids = noch keine Gebote
cm-bid-passed = gepasst
cm-bid-bidding = bietet
cm-bid-stayed = bleibt dabei
cm-bid-sold = verkauft
cm-products = Produkte in dieser Runde
cm-removed = aus dem Spiel genommen
cm-offered = angeboten
cm-vendors = Händler
cm-victory-points = Siegpunkte
cm-income = Einnahmen
cm-kg-left = Übriges Limit
cm-bid = Gebot
cm-action-cards = Aktionskarten
cm-set-aside = Beiseitegelegt
cm-played = In dieser Runde gespielt
cm-unused = { $card }: unbenutzt
cm-used = { $card }: benutzt
cm-has-chosen = hat gewählt
cm-choosing = wählt
cm-piles = Stapel
cm-draw-pile = Nachziehstapel
cm-discard-pile = { $count ->
    [one] Ablagestapel (offen): eine Karte
   *[other] Ablagestapel (offen): { $count } Karten
}
cm-empty = leer
cm-sales = Verkäufe
cm-this-round = In dieser Runde
cm-seller = Verkäufer
cm-product = Produkt
cm-price = Preis
cm-cards = Karten
cm-weight-col = Gewicht
cm-weight = { $lost ->
    [0] { $sold } kg verkauft
   *[other] { $sold } kg verkauft, { $lost } kg verloren
}
cm-rotted-by = verfault durch { $seats }
cm-now-selling = Jetzt verkauft { $seat }: { $what } zu { $price }
cm-counted = { $counted } kg gezählt, { $paid } kg bezahlt
cm-rounds-scored = Gewertete Runden
cm-round = Runde
cm-round-result = { $points } SP (Einnahmen { $income })
cm-set-aside-for-final = Für die letzte Runde beiseitegelegt
cm-your-choice-waiting = Deine Wahl (die anderen wählen noch)
cm-your-set-aside = Deine beiseitegelegten Karten
cm-your-set-aside-choice = Deine Wahl zum Beiseitelegen
cm-set-aside-of = Beiseitegelegte Karten von { $seat }
cm-has-chosen-hidden = { $seat } hat gewählt, was beiseitegelegt wird (welche Karte, oder keine, bleibt verborgen)

## Das Spielbrett von Market Fresh

mf-grid = Auslagen mit { $size }×{ $size } Feldern
mf-turns-played = { $count ->
    [one] ein Zug gespielt
   *[other] { $count } Züge gespielt
}
mf-now = { $seat }: { $step }
mf-step-take-crate = nimmt eine Kiste
mf-step-choose-crate = wählt eine Kiste zum Anlegen
mf-step-place-crate = legt die Kiste an
mf-step-score = wertet die Kiste
mf-step-other = entscheidet
mf-crate-of = Kiste mit { $first } und { $second }
mf-crate-supply = Kistenvorrat
mf-face-up = Offen
mf-face-down = Verdeckt
mf-removed-at-set-up = Beim Aufbau entfernt, ungesehen
mf-removed = Entfernt (konnten nicht angelegt werden):
mf-score-track = Punkteleiste
mf-market-board = Marktbrett
mf-market-board-caption = Bauernplättchen nach Obst und Gemüse und Reihe (auf jedem Plättchen die Nummer eines Platzes)
mf-row = Reihe
mf-farmer-tile = { $seat }: { $produce }, Reihe { $row }
mf-produce = Obst und Gemüse
mf-this-turn = Dieser Zug
mf-adding = { $seat } legt an:
mf-scoring = Wertung
mf-visible = Sichtbar
mf-height = Höhe
mf-tile-row = Reihe des Bauernplättchens
mf-points-with-bonus = { $points } (mit dem Bonus von +5)
mf-ways-to-score = Wertungen für die eben angelegte Kiste
mf-seat-panel = Auslage und Kisten von { $seat }
mf-shopfront-of = Auslage von { $seat }
mf-holds = { $count ->
    [0] Hält keine Kiste.
    [one] Hält eine Kiste:
   *[other] Hält { $count } Kisten:
}
mf-tiles-on-board = { $count ->
    [one] Ein Bauernplättchen auf dem Marktbrett
   *[other] Bauernplättchen auf dem Marktbrett: { $count }
}
mf-height-scored = nach Höhe gewertet: { $produce }
mf-square-blank = { $square }: leer
mf-square-crate = { $square }: { $produce }, Kistenhöhe { $height }
mf-square-picture = { $square }: { $produce } (Bildfeld)
mf-final-scoring = Schlusswertung
mf-crate-points = Kistenpunkte
mf-column-awards = Spaltenwertung
mf-column-award = { $produce }, Reihe { $row }: { $points }
mf-farmer-tiles = Bauernplättchen
mf-tile-points = Plättchenpunkte
mf-unused-crates = Unbenutzte Kisten
mf-unused = { $count } (−{ $penalty })
mf-your-crates = Deine Kisten (andere sehen nur die offen genommenen)
mf-face-down-of = Verdeckt genommene Kisten von { $seat }
mf-supply-face-down = Verdeckte Kisten im Vorrat (und ihre Reihenfolge)

## Bedenkzeit und Zurücknehmen

clocks-title = Bedenkzeit
clock-bank = Zeitkonto
clock-decision = Entscheidung
clock-out-of-time = Zeit abgelaufen
clock-not-deciding = nicht am Zug
clock-seconds = { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
clocks-hint = Gezählt nach der Uhr des Servers. Nach einer Frist und der Toleranz des Servers darf jeder den Zeitablauf melden, und die Regel des Tisches antwortet für den Platz: { $policy }.
claim-timeout = Zeitablauf melden
undo-title = Zurücknehmen
undo-hint = Ein Platz darf seine eigenen letzten Züge zurücknehmen, bis etwas gezogen, aufgedeckt oder von einem anderen Platz gewählt wird.
undo-button = { $allowed ->
    [one] Letzten Zug von { $seat } zurücknehmen
   *[other] Letzten Zug von { $seat } zurücknehmen ({ $allowed } erlaubt)
}

## Nachspielen

replay-load-title = Ein Spiel nachspielen
replay-load-hint = Füge ein Spielprotokoll ein (das Exportieren auf der Seite Spielen schreibt eines) oder lade es aus einer Datei. Jeder Schritt spielt die Aktionen bis zu ihm nach.
replay-json = Spielprotokoll (JSON)
replay-load = Laden
replay-file = Aus einer Datei laden …
replay-not-a-log = Das ist kein Spielprotokoll: { $error }
replay-refused = Nachspielen bei Schritt { $step } abgelehnt: { $error }
replay-title = Nachspielen:
replay-facts = { $players ->
    [one] eine Person
   *[other] { $players } Personen
} · { $actions ->
    [one] eine Aktion
   *[other] { $actions } Aktionen
}
replay-stepper = Schritt für Schritt durch das Spiel
replay-start = « Anfang
replay-back = ‹ Zurück
replay-next = Weiter ›
replay-end = Ende »
replay-step = Schritt
replay-position = { $step } von { $total } Aktionen ausgeführt
replay-end-of-log = Das Ende des Protokolls.
replay-next-action = Als Nächstes: { $seat } — { $action }
replay-at-step = Bei Schritt { $step }
replay-events-of = Ereignisse der Aktion { $step }
replay-events-set-up = Ereignisse des Aufbaus
fairness-title = Fairnessprüfung
fairness-no-seed = Das Protokoll hat keinen Startwert: Er wird am Ende des Spiels aufgedeckt (oder lege beim Start einen fest). Noch nichts zu prüfen.
fairness-no-webcrypto = WebCrypto gibt es hier nicht (die Seite ist kein sicherer Kontext: öffne sie über https oder localhost).
fairness-pending = Noch keine Festlegung zum Vergleichen.
fairness-match = ✓ Stimmt: Der aufgedeckte Startwert ist der, auf den sich das Spiel vor dem ersten Mischen festgelegt hat.
fairness-mismatch = ✗ Stimmt nicht: Auf diesen Startwert und dieses Salz hat sich das Spiel nicht festgelegt.
fairness-mismatch-unsalted = ✗ Stimmt nicht. Ohne Salz ist die Festlegung SHA-256(Startwert), wie in Spielen von vor den Salzen; das Salz eines neueren Spiels wird erst an seinem Ende aufgedeckt.
digest-name = Prüfsumme des Endstands
digest-pending = Geh ans Ende, um den Endstand des Nachspielens mit dem des Spiels zu vergleichen.
digest-same = ✓ Das Nachspielen endet genau im Endstand des Spiels (dieselbe Prüfsumme).
digest-differs = ✗ Das Nachspielen endet in einem anderen Stand als das Spiel.
commitment-from-log = Festlegung, die das Spiel zeigte (aus dem Protokoll)
commitment-in-views-only = Festlegung in den Sichten des Nachspielens (das Protokoll hat keine)
commitment-computed = { $formula }, auf dieser Seite berechnet
commitment-in-views = Festlegung in den Sichten des Nachspielens
same = ✓ gleich
differs = ✗ verschieden
revealed-seed = Aufgedeckter Startwert
revealed-salt = Aufgedecktes Salz
no-salt-yet = keines (ein Spiel von vor den Salzen, oder eines, das noch läuft)

## Die API-Ansicht

api-title = API-Aufrufe (Connect JSON)
api-every-call = Jeder Aufruf ist ein POST der Nachricht als JSON, über den generierten TypeScript-Client:
api-recent = Letzte Aufrufe, neueste zuerst
api-no-calls = Noch keine Aufrufe.
api-shorten = Langes Base64 kürzen (versiegelter Stand, Token); für die genauen Bytes abwählen
api-request = Anfrage
api-response = Antwort
