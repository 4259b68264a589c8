"""What Market Fresh's players read: each action, event, decision and refusal
as a phrase of the game's catalogs (locales/<locale>/market-fresh.ftl,
docs/text.md).

Pieces are terms: a produce is `market-fresh-produce-<id>` (its id in the
component set's produce.json), a crate the list of its two halves, a square
`market-fresh-square-<column letter><row number>` (A1 at the top left, as
the playground's shopfront headers name them). Events are read off their
copy, so a face-down take's public copy names no crate and the taker's
private copy does; labels and prompts are built from public facts and the
deciding seat's own crates; a refusal says which rule a move breaks, with
its numbers, from what the refused seat may see (its own crates, the
shopfronts, the Market Board). Labels are built for up to 80 placements an
update, so they read the action's fields and precomputed terms directly.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import cast

from google.protobuf.message import Message

from engines.core.engine import Event
from engines.core.text import (
    Arg,
    GameText,
    Phrase,
    ProtoPhrases,
    Seat,
    Term,
    decision_phrase,
)
from engines.market_fresh.data import (
    CANNOT_PLACE_PENALTY,
    GRID_SIZES,
    MAX_SCORING_HEIGHT,
    SOLO_RATINGS,
    MarketFreshData,
)
from engines.market_fresh.moves import (
    ChooseCrate,
    Move,
    PlaceCrate,
    RemoveCrate,
    ScoreCrate,
    TakeFaceDown,
    TakeFaceUp,
)
from engines.market_fresh.rules import may_decline_tile, options_now
from engines.market_fresh.scoring import height_row, solo_rows_below_filled
from engines.market_fresh.shopfront import BLANK
from engines.market_fresh.state import (
    CHOOSE,
    FREE,
    HEIGHT,
    PLACE,
    SCORE,
    SOLO,
    STANDARD,
    TAKE,
    State,
)
from marketplay.v1 import market_fresh_pb2 as pb

PREFIX = "market-fresh"
CATALOGS = Path(__file__).parent / "locales"


@lru_cache(maxsize=256)
def produce_term(produce_id: str) -> Term:
    """A produce by its data-file id: "dragon-fruits" -> market-fresh-produce-dragon-fruits."""
    return Term(f"{PREFIX}-produce-{produce_id}")


def _square_id(row: int, col: int) -> str:
    return f"{PREFIX}-square-{chr(ord('a') + col)}{row + 1}"


#: Every square of the largest grid, by row then column ("A1" at the top left).
SQUARES = tuple(tuple(Term(_square_id(row, col)) for col in range(max(GRID_SIZES)))
                for row in range(max(GRID_SIZES)))
#: What lies beneath a half on a blank board square.
NOTHING = Term(f"{PREFIX}-nothing")
#: Stackin' Solo's ratings ("How did you do?"), by the rulebook's text as
#: the outcome names them (slugs in SOLO_RATINGS' order, the best first).
RATINGS = {name: Term(f"{PREFIX}-rating-{_slug}") for (_, name), _slug in zip(
    SOLO_RATINGS, ("market-mastery", "feelin-fresh", "stacking-up", "marketable", "greenhorn",
                   "not-quite-ripe", "a-little-stale", "moldy"), strict=True)}


def square_term(row: int, col: int) -> Term:
    if 0 <= row < len(SQUARES) and 0 <= col < len(SQUARES):
        return SQUARES[row][col]
    return Term(_square_id(row, col))


def _crate_arg(message: pb.MarketFreshCrate) -> tuple[Term, Term]:
    return produce_term(message.first), produce_term(message.second)


def _square_arg(message: pb.MarketFreshSquareRef) -> Term:
    return square_term(message.row, message.col)


#: Events as their messages say them: a crate as its two halves, a square as
#: its name; the outcome and a scoring's worked-out option are the view's to
#: show (a scoring's option is spelled out by `event`).
PHRASES = ProtoPhrases(
    PREFIX,
    skip=frozenset({"outcome", "option"}),
    fields={"crate": _crate_arg, "first": _square_arg, "second": _square_arg,
            "produce": produce_term},
)
#: A scoring's worked-out option, read as arguments of the `scored` phrase.
OPTION = ProtoPhrases(PREFIX, fields={"produce": produce_term})


class _Pieces:
    """One component set's terms, by index (cheap lookups for long action lists)."""

    def __init__(self, data: MarketFreshData) -> None:
        self.produce = tuple(produce_term(p.id) for p in data.produce)
        self.crates = tuple((self.produce[a], self.produce[b]) for a, b in data.crates)


@cache
def pieces(data: MarketFreshData) -> _Pieces:
    return _Pieces(data)


# ------------------------------------------------------------------ events


def event(happened: Event) -> Phrase:
    """An event copy's phrase. A private copy (the crate a seat took face down)
    is its own phrase, `...-private`; a scoring says its sum; the end of the
    game says who won, or in solo the rating."""
    message = cast(pb.MarketFreshEvent, happened.message)
    case = message.WhichOneof("kind")
    if case == "scored":
        return _scored(message.scored)
    if case == "game_ended":
        return _game_ended(message.game_ended.outcome)
    phrase = PHRASES.read(message, "event")
    if case == "crate_placed":
        halves = _crate_arg(message.crate_placed.crate)
        phrase = Phrase(phrase.id, (*phrase.args, ("first_half", halves[0]),
                                    ("second_half", halves[1])))
    if happened.audience is not None:
        return Phrase(phrase.id + "-private", phrase.args)
    return phrase


def _scored(scored: pb.MarketFreshScored) -> Phrase:
    """`...-scored-basic` or `...-scored-height`: the two sums read differently."""
    option = scored.option
    method = "height" if option.scoring == pb.MARKET_FRESH_SCORING_HEIGHT else "basic"
    return Phrase(f"{PREFIX}-event-scored-{method}",
                  (("seat", Seat(scored.seat)), ("score", scored.score),
                   *OPTION.arguments(option)))


def _game_ended(outcome: pb.MarketFreshOutcome) -> Phrase:
    """Who has the most points (after final scoring in the standard game); in
    solo the points, the unused crates and the rulebook's rating."""
    totals = {s.seat: s.total for s in outcome.seats}
    top = max(totals.values(), default=0)
    if outcome.variant == pb.MARKET_FRESH_VARIANT_SOLO:
        solo = outcome.seats[0] if outcome.seats else pb.MarketFreshFinalScore()
        return Phrase.of(f"{PREFIX}-event-game-ended-solo", score=solo.total,
                         unused=solo.unused_crates, penalty=solo.unused_crate_penalty,
                         rating=RATINGS[outcome.solo_rating])
    winners = tuple(Seat(seat) for seat, total in sorted(totals.items()) if total == top)
    return Phrase.of(f"{PREFIX}-event-game-ended", winners=winners, count=len(winners), score=top,
                     final_scoring=int(outcome.variant == pb.MARKET_FRESH_VARIANT_STANDARD))


# ------------------------------------------------------------------ actions


def action(state: State, seat: int, kind: str, legal: Message) -> Phrase:
    """A button's label for the deciding seat: the crate it takes, chooses or
    removes (face-up or its own), where the chosen crate's halves go, what a
    scoring earns."""
    message = cast(pb.MarketFreshAction, legal)
    case = message.WhichOneof("kind")
    if case == "place":
        return _place_label(state, seat, message.place)
    if case == "score":
        return _score_label(state, message.score)
    if case == "take_face_down":
        return Phrase.of(f"{PREFIX}-action-take-face-down", left=len(state.supply))
    if case == "take_face_up":
        return Phrase.of(f"{PREFIX}-action-take-face-up",
                         crate=_crate_arg(message.take_face_up.crate))
    if case == "choose_crate":
        return Phrase.of(f"{PREFIX}-action-choose-crate",
                         crate=_crate_arg(message.choose_crate.crate))
    if case == "remove_crate":
        return Phrase.of(f"{PREFIX}-action-remove-crate", crate=_crate_arg(message.remove_crate.crate),
                         lost=min(CANNOT_PLACE_PENALTY, state.scores[seat]))
    return Phrase(f"{PREFIX}-action-unknown")


def label_context(state: State, seat: int, kind: str) -> Hashable:
    """What of the state every label of `kind` reads (the service keeps labels
    by it, and each by its action's key: `label_keys`): the point a removal costs,
    the chosen crate and the grid for placements, the variant for scorings."""
    if kind == "choose-crate":
        return min(CANNOT_PLACE_PENALTY, state.scores[seat])
    if kind == "place-crate":
        return state.chosen_crate, state.grid
    if kind == "score":
        return state.variant
    return kind


def label_keys(state: State, seat: int, kind: str, moves: Sequence[Move]) -> list[Hashable]:
    """What each action's label reads beyond `label_context`, in order: a
    placement, the height the crate will lie at and how many halves match; a
    scoring, its option's points and Farmer Tile row; a face-down take, the
    supply's count. So a label recurs across decisions whose other actions
    differ (a scoring of lemons for 3 points reads the same beside any other
    option). A decision's moves are all placements or all scorings, or
    neither (rules.legal_moves), so each list is read in one pass."""
    if not moves:
        return []
    if isinstance(moves[0], PlaceCrate):
        return list(state.shopfronts[seat].lies(
            state.chosen_crate, [(m.first, m.second) for m in cast(Sequence[PlaceCrate], moves)]))
    if isinstance(moves[0], ScoreCrate):
        offered = _offers(state)
        return [offered.get((m.produce, m.method), (0, 0))
                for m in cast(Sequence[ScoreCrate], moves)]
    supply = len(state.supply)
    return [supply if isinstance(m, TakeFaceDown) else () for m in moves]


def _option_points(state: State, produce: int | None, method: int) -> tuple[int, int]:
    """The points and Farmer Tile row of the scoring option for `produce` by
    `method` ((0, 0) when the crate just placed offers none)."""
    return _offers(state).get((produce, method), (0, 0))


def _offers(state: State) -> dict[tuple[int | None, int], tuple[int, int]]:
    """Each scoring option's points and Farmer Tile row by (produce, method),
    its first offer's; none when no crate was just placed."""
    if state.chosen_crate < 0:
        return {}
    return {(o.produce, o.method): (o.points, o.row) for o in reversed(options_now(state))}


def _place_label(state: State, seat: int, place: pb.MarketFreshPlace) -> Phrase:
    """Which half goes on which square, the height it will lie at, and how many
    halves will match what lies beneath (2: a perfectly fresh match)."""
    grid = state.grid
    first, second = place.first, place.second
    a, b = first.row * grid + first.col, second.row * grid + second.col
    shop = state.shopfronts[seat]
    halves = pieces(state.rules.data).crates[state.chosen_crate]
    return Phrase(f"{PREFIX}-action-place", (
        ("first_half", halves[0]), ("first", square_term(first.row, first.col)),
        ("second_half", halves[1]), ("second", square_term(second.row, second.col)),
        ("height", shop.heights[a] + 1),
        ("matching_halves", max(0, shop.fit(state.chosen_crate, a, b))),
    ))


def _score_label(state: State, score: pb.MarketFreshScore) -> Phrase:
    """The standard game has one scoring, with its Farmer Tile row (or declined);
    Crate Heights and Solo label basic and height scoring apart."""
    method = HEIGHT if score.scoring == pb.MARKET_FRESH_SCORING_HEIGHT else 0
    points, row = _option_points(state, state.rules.data.produce_index.get(score.produce), method)
    term = produce_term(score.produce)
    if state.variant == STANDARD:
        return Phrase.of(f"{PREFIX}-action-score", produce=term, points=points,
                         row=0 if score.decline_farmer_tile else row,
                         decline_farmer_tile=int(score.decline_farmer_tile))
    if method == HEIGHT:
        return Phrase.of(f"{PREFIX}-action-score-height", produce=term, points=points, row=row)
    return Phrase.of(f"{PREFIX}-action-score-basic", produce=term, points=points)


# ------------------------------------------------------------------ decisions


def decision(state: State, seat: int, kind: str) -> Phrase:
    """What the deciding seat is asked, from public facts: the supply's count,
    the crate being placed and scored. `choose-crate` reads the same whether
    or not the seat's hidden crates fit (docs/rules/market-fresh.md, item 34)."""
    if kind == "take-crate":
        return decision_phrase(PREFIX, kind, face_up=len(state.face_up),
                               face_down=len(state.supply))
    if kind == "choose-crate":
        return decision_phrase(PREFIX, kind, solo=int(state.variant == SOLO))
    if state.chosen_crate < 0:
        return decision_phrase(PREFIX, kind)
    halves = pieces(state.rules.data).crates[state.chosen_crate]
    if kind == "place-crate":
        return decision_phrase(PREFIX, kind, crate=halves)
    a, b = state.rules.data.crates[state.chosen_crate]
    return decision_phrase(
        PREFIX, kind, first_half=halves[0], second_half=halves[1], double=int(a == b),
        height=int(any(o.method == HEIGHT for o in options_now(state))),
        perfect_match=int(state.perfect_match))


# ------------------------------------------------------------------ refusals


def refusal(state: State, seat: int, move: Move) -> Phrase | None:
    """Why the deciding seat may not make `move` in this step, from its own
    crates and the public table; None for a move of another step (the generic
    refusal says it) or a rules version's difference a player cannot cause."""
    if seat != state.current:
        return None
    if state.phase == TAKE:
        return _take_refusal(state, move)
    if state.phase == CHOOSE:
        return _choose_refusal(state, seat, move)
    if state.phase == PLACE and isinstance(move, PlaceCrate):
        return _place_refusal(state, seat, move)
    if state.phase == SCORE and isinstance(move, ScoreCrate):
        return _score_refusal(state, seat, move)
    return None


def _refused(reason: str, **args: Arg) -> Phrase:
    return Phrase.of(f"{PREFIX}-refusal-{reason}", **args)


def _take_refusal(state: State, move: Move) -> Phrase | None:
    crates = pieces(state.rules.data).crates
    if isinstance(move, TakeFaceUp) and move.crate not in state.face_up:
        return _refused("not-face-up", crate=crates[move.crate])
    if isinstance(move, TakeFaceDown) and not state.supply:
        return _refused("no-face-down-crates")
    return None


def _choose_refusal(state: State, seat: int, move: Move) -> Phrase | None:
    """ "choose one of your crates"; "If you can't add a crate ... Remove one of
    your crates from the game" (only then)."""
    crates = pieces(state.rules.data).crates
    shop = state.shopfronts[seat]
    solo = state.variant == SOLO
    pool = state.face_up if solo else state.hands[seat]
    if isinstance(move, ChooseCrate):
        if move.crate not in pool:
            return _refused("not-face-up" if solo else "not-held", crate=crates[move.crate])
        if not shop.placeable((move.crate,)):
            return _refused("fits-nowhere", crate=crates[move.crate])
    if isinstance(move, RemoveCrate) and not solo:
        if move.crate not in pool:
            return _refused("not-held", crate=crates[move.crate])
        if shop.placeable(pool):
            return _refused("remove-while-one-fits")
    return None


def _place_refusal(state: State, seat: int, move: PlaceCrate) -> Phrase | None:
    """ "Place a crate on any two blank squares"; "Half of your crate must
    match the fresh produce pictured directly beneath it"; "At least half of
    your crate must match the fresh produce on the crate directly beneath it";
    both halves level (docs/rules/market-fresh.md, item 8). Read as sent: a
    double crate named from its other end breaks the same rule."""
    grid = state.grid
    (r1, c1), (r2, c2) = divmod(move.first, grid), divmod(move.second, grid)
    first, second = square_term(r1, c1), square_term(r2, c2)
    if abs(r1 - r2) + abs(c1 - c2) != 1:
        return _refused("not-adjacent", first=first, second=second)
    shop = state.shopfronts[seat]
    low, high = shop.heights[move.first], shop.heights[move.second]
    if low != high:
        return _refused("uneven", first=first, second=second, first_height=low,
                        second_height=high)
    if shop.fit(state.chosen_crate, move.first, move.second) >= 0:
        return None
    produce = pieces(state.rules.data).produce
    below = tuple(NOTHING if shop.tops[x] == BLANK else produce[shop.tops[x]]
                  for x in (move.first, move.second))
    return _refused("picture-mismatch" if low == 0 else "crate-mismatch", first=first,
                    below_first=below[0], second=second, below_second=below[1])


def _score_refusal(state: State, seat: int, move: ScoreCrate) -> Phrase | None:
    """ "Choose one of the items of fresh produce in the crate you added";
    height scoring "for each type of produce once per game", with a free row
    at or below the height ("If there are no lower unoccupied spaces, you may
    not height score"), in solo with every row below already scored; the
    Farmer Tile may be declined only in the standard game, when the scoring
    would place or move it."""
    data = state.rules.data
    produce = pieces(data).produce
    a, b = data.crates[state.chosen_crate]
    if move.produce not in (a, b):
        return _refused("produce-not-in-crate", produce=produce[move.produce],
                        first_half=produce[a], second_half=produce[b], double=int(a == b))
    wanted = produce[move.produce]
    if move.method == HEIGHT:
        if state.variant == STANDARD:
            return _refused("no-height-scoring")
        if state.height_used[seat] >> move.produce & 1:
            return _refused("height-used", produce=wanted)
        height = min(state.shopfronts[seat].highest(move.produce), MAX_SCORING_HEIGHT)
        row = height_row(state.board, move.produce, height)
        if not row:
            return _refused("no-free-row", produce=wanted, height=height)
        if state.variant == SOLO and not solo_rows_below_filled(state.board, row):
            missing = next(r for r in range(2, row) if all(col[r - 1] == FREE for col in state.board))
            return _refused("solo-rows-below", row=row, below=row - 1, missing=missing)
    if move.decline_tile:
        option = next((o for o in options_now(state)
                       if o.produce == move.produce and o.method == move.method), None)
        if option is None or may_decline_tile(state, option) or not state.rules.farmer_tile_optional:
            return None
        if state.variant != STANDARD:
            return _refused("decline-not-standard")
        return _refused("no-tile-to-decline")
    return None


TEXT: GameText = GameText(PREFIX, CATALOGS, action=action, event=event, decision=decision, refusal=refusal,
                label_context=label_context, label_keys=label_keys)
