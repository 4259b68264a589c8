"""Assertions every engine must satisfy, shared by the example-based and the
hypothesis-driven conformance tests."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from google.protobuf.message import Message

from engines.core import Game, Rng
from engines.core.engine import Event
from engines.core.ranking import competition_ranks
from engines.core.text import Phrase
from tests.conformance.playout import Step


def wire(message: object) -> bytes:
    return message.SerializeToString(deterministic=True)  # type: ignore[attr-defined,no-any-return]


def check_decisions(game: Game) -> None:
    """Deciders are distinct seats with non-empty, duplicate-free actions;
    everybody else has nothing to choose from."""
    engine = game.engine
    deciders = game.to_act()
    seats = [d.seat for d in deciders]
    assert len(seats) == len(set(seats)), f"duplicate deciders {seats}"
    bound = engine.spec.max_action_bytes
    for seat in range(game.num_players):
        actions = [wire(a) for a in engine.legal_actions(game.state, seat)]
        assert all(len(a) <= bound for a in actions), f"a legal action exceeds {bound} bytes"
        if seat in seats:
            assert actions, f"decider {seat} has no legal action"
            assert len(actions) == len(set(actions)), f"duplicate legal actions for seat {seat}"
        else:
            assert not actions, f"non-decider {seat} was offered actions"
    if not deciders:
        check_outcome(game)
    else:
        assert game.outcome() is None, "outcome reported while seats still decide"


def check_outcome(game: Game) -> None:
    outcome = game.outcome()
    assert outcome is not None, "game over without an outcome"
    assert [r.seat for r in outcome.results] == list(range(game.num_players))
    ranked = sorted(outcome.results, key=lambda r: r.rank)
    for better, worse in itertools.pairwise(ranked):
        assert better.score >= worse.score, "a lower rank has a higher score"
        if better.rank == worse.rank:
            assert better.score == worse.score, "tied rank with different scores"
            assert better.tie_break_values == worse.tie_break_values
    keys = [(r.score, *r.tie_break_values) for r in outcome.results]
    assert [r.rank for r in outcome.results] == competition_ranks(keys), "not competition ranks"
    assert sorted(outcome.winners) == sorted(r.seat for r in outcome.results if r.rank == 1)
    assert outcome.tie_break
    assert game.to_act() == ()


def check_round_trip(game: Game) -> None:
    """Encode, then decode as any bytes and as authenticated ones (the service's
    miss path): the same game, so the same bytes again."""
    encoded = game.encode()
    again = Game.decode(game.engine, encoded)
    assert again.encode() == encoded, "state does not survive encode/decode"
    read = Game.decode(game.engine, encoded, authenticated=True)
    assert read == again and read.state == game.state, "the authenticated read is another state"
    for seat in range(game.num_players):
        assert wire(game.engine.view(again.state, seat)) == wire(game.engine.view(game.state, seat))


def visible(events: list[Event], viewer: int | None) -> list[bytes]:
    return [wire(e.message) for e in events if e.visible_to(viewer)]


def _delivery_sorted(message: Message) -> Message:
    """A Central Market event with a private delivery's cards in sorted order."""
    if message.WhichOneof("kind") != "cards_delivered":  # type: ignore[attr-defined]
        return message
    copy = type(message)()
    copy.CopyFrom(message)
    cards = sorted(copy.cards_delivered.cards, key=wire)  # type: ignore[attr-defined]
    del copy.cards_delivered.cards[:]  # type: ignore[attr-defined]
    copy.cards_delivered.cards.extend(cards)  # type: ignore[attr-defined]
    return copy


#: Known differences a rules version keeps forever, by (game, rules version):
#: events are compared again after this rewrite, so it must change nothing but
#: the difference. Central Market version 1 lists a seat's new cards in its
#: private `cards_delivered` in the order they were dealt, which follows the
#: hidden draw pile: two tables that differ only there can tell the seat the
#: same four cards in another order. It tells the seat nothing its hand does
#: not (the same cards), but it breaks byte-identical events; version 2 lists
#: them sorted, and version 1 cannot change (docs/rules/versions.md).
KNOWN_EVENT_DIFFERENCES: dict[tuple[str, str], Callable[[Message], Message]] = {
    ("central-market", "central-market/1"): _delivery_sorted,
}


def _discards_unattributed(message: Message) -> Message:
    """A Central Market event with a face-up discarded hand's cards left out (its
    seat and count stay)."""
    if message.WhichOneof("kind") != "hand_discarded":  # type: ignore[attr-defined]
        return message
    discarded = message.hand_discarded  # type: ignore[attr-defined]
    if discarded.face_down or not discarded.cards:
        return message
    copy = type(message)()
    copy.CopyFrom(message)
    del copy.hand_discarded.cards[:]  # type: ignore[attr-defined]
    copy.hand_discarded.count = len(discarded.cards)  # type: ignore[attr-defined]
    return copy


#: What a game's events tell as it happens and its table does not keep, by game:
#: events are compared after this rewrite too, so it must leave out only that,
#: and the view must still hold the rest. Central Market's final discards face up
#: (version 1, or reveal-final-discards) "join the open discard pile" with every
#: seat watching, and `hand_discarded` says whose cards they were; the pile in
#: the view is the cards, not who laid them (as on a real table). Two tables
#: whose hidden hands differ only in which seat held which of those cards reach
#: the same next view, yet their events differ: a public moment, not a leak. The
#: view's pile still checks the cards themselves (tests/conformance/
#: test_known_differences.py holds the finding).
FORGOTTEN_BY_THE_TABLE: dict[str, Callable[[Message], Message]] = {
    "central-market": _discards_unattributed,
}


def _rewrite(game: Game) -> Callable[[Message], Message] | None:
    """The known differences of `game`'s rules version and what its table forgets,
    as one rewrite (None: compare bytes as they are)."""
    steps = [rewrite for rewrite in (KNOWN_EVENT_DIFFERENCES.get((game.game_id, game.rules_version)),
                                     FORGOTTEN_BY_THE_TABLE.get(game.game_id)) if rewrite]
    if not steps:
        return None

    def rewritten(message: Message) -> Message:
        for rewrite in steps:
            message = rewrite(message)
        return message

    return rewritten


def events_match(game: Game, ours: list[Event], theirs: list[Event], viewer: int) -> bool:
    """The events `viewer` sees are the same bytes, or differ only as its
    game's rules version is known to (KNOWN_EVENT_DIFFERENCES) or as its table
    forgets (FORGOTTEN_BY_THE_TABLE)."""
    if visible(ours, viewer) == visible(theirs, viewer):
        return True
    known = _rewrite(game)
    if known is None:
        return False

    def rewritten(events: list[Event]) -> list[bytes]:
        return [wire(known(e.message)) for e in events if e.visible_to(viewer)]

    return rewritten(ours) == rewritten(theirs)


def event_kind(message: Message) -> str:
    """An event's kind: the field its oneof holds (every game's event has one oneof)."""
    return message.WhichOneof(message.DESCRIPTOR.oneofs[0].name) or ""


@dataclass(frozen=True)
class Seen:
    """Everything one observer is shown of a game after an action: its view,
    the events it may see, its own legal actions, who decides what now, and
    the outcome once there is one."""

    view: bytes
    events: tuple[bytes, ...]
    legal: tuple[bytes, ...]
    decisions: tuple[tuple[int, str], ...]
    outcome: str
    #: The player-facing phrases of all that (docs/text.md): the events', the
    #: observer's legal actions' labels, every decision's prompt, the outcome's.
    #: Text is rendered from a phrase, the locale and the display names alone,
    #: so equal phrases are equal text in every locale.
    text: tuple[Phrase, ...]

    def differences(self, other: Seen) -> list[str]:
        return [name for name in ("view", "events", "legal", "decisions", "outcome", "text")
                if getattr(self, name) != getattr(other, name)]


def _outcome_text(game: Game) -> str:
    outcome = game.outcome()
    if outcome is None:
        return ""
    details = wire(outcome.details).hex() if outcome.details is not None else ""
    return f"{outcome.results!r} {outcome.winners!r} {outcome.tie_break} {details}"


def seen_by(game: Game, events: list[Event], observer: int | None) -> Seen:
    """What `observer` is shown of `game` and the events that led to it, with
    its rules version's known event difference and what its table forgets
    rewritten away (in the events and in their phrases)."""
    engine = game.engine
    known = _rewrite(game)
    visible = [e if known is None else Event(known(e.message), e.audience)
               for e in events if e.visible_to(observer)]
    actions = () if observer is None else tuple(engine.legal_actions(game.state, observer))
    decisions = game.to_act()
    kind = next((d.kind for d in decisions if d.seat == observer), "")
    outcome = game.outcome()
    text = (
        *(engine.event_phrase(e) for e in visible),
        *(engine.action_phrase(game.state, observer, kind, a) for a in actions
          if observer is not None),
        *(engine.decision_phrase(game.state, d.seat, d.kind) for d in decisions),
        *((engine.outcome_phrase(outcome),) if outcome is not None else ()),
    )
    return Seen(
        view=wire(engine.view(game.state, observer)),
        events=tuple(wire(e.message) for e in visible),
        legal=tuple(wire(a) for a in actions),
        decisions=tuple((d.seat, d.kind) for d in decisions),
        outcome=_outcome_text(game),
        text=text,
    )


def observers(game: Game) -> list[int | None]:
    """Every seat, and the spectator (None)."""
    return [*range(game.num_players), None]


#: The most legal actions of one seat that `check_action_twins` plays at one
#: state (more only when one known part alone has more): whole groups of
#: actions that share a known part, spread evenly over the list.
MAX_TWIN_ACTIONS = 48


def _twin_candidates(game: Game, seat: int) -> list[Message]:
    """The seat's legal actions to play against each other: all of them, or
    whole groups of actions with one known part (what a spectator may learn)
    spread over the list, so every pair that differs only in a secret is kept."""
    engine = game.engine
    legal = list(engine.legal_actions(game.state, seat))
    if len(legal) <= MAX_TWIN_ACTIONS:
        return legal
    groups: dict[Hashable, list[Message]] = {}
    for action in legal:
        groups.setdefault(engine.known_part(game.state, seat, action, None), []).append(action)
    every = -(-len(legal) // MAX_TWIN_ACTIONS)  # keep about one group in `every`
    chosen: list[Message] = []
    for group in list(groups.values())[::every]:
        if chosen and len(chosen) + len(group) > MAX_TWIN_ACTIONS:
            break
        chosen += group
    return chosen


@dataclass(frozen=True)
class TwinVerdict:
    """What `check_action_twins` judged at one state."""

    #: Pairs of actions that differ only in what some observer may not learn
    #: (the declared secrets that were varied).
    secret_pairs: int
    #: Pairs of different actions after which some observer's view was the same
    #: (where the view, and so the rest, must not tell them apart).
    same_view_pairs: int


def check_action_twins(game: Game, seat: int) -> TwinVerdict:
    """Action twins: `seat`'s legal actions, each applied to the same state,
    judged for every observer against the game's declaration of what an action
    hides (Engine.known_part), both ways.

    * Declared secrets stay secret: two actions with the same known part give
      the observer byte-identical views, events, legal actions, decisions and
      outcome.
    * The views decide what is secret: where some seat's view tells two actions
      apart and the observer's does not, the game keeps that difference from
      the observer, so its events, legal actions, decisions and outcome must
      not tell it either, whatever the declaration says. A difference no view
      shows (a public choice that changed nothing the views hold) may reach the
      observer's events only where the declaration calls it public. So a secret
      the game forgot to declare, told by an event, is caught too: the
      declaration cannot hide a leak.
    """
    engine = game.engine
    played = [(a, *game.apply(seat, a)) for a in _twin_candidates(game, seat)]
    everyone = observers(game)
    seen = {observer: [seen_by(after, events, observer) for _, after, events in played]
            for observer in everyone}
    secret_pairs = same_view_pairs = 0
    for observer in everyone:
        known = [engine.known_part(game.state, seat, a, observer) for a, _, _ in played]
        mine = seen[observer]
        for i, j in itertools.combinations(range(len(played)), 2):
            if mine[i].view != mine[j].view and known[i] != known[j]:
                continue
            differ = mine[i].differences(mine[j])
            pair = f"step {game.step}: seat {seat}'s actions {_text(played[i][0])} and {_text(played[j][0])}"
            if known[i] == known[j]:
                secret_pairs += 1
                assert not differ, (
                    f"{pair} differ only in what {_who(observer)} may not learn, yet its "
                    f"{', '.join(differ)} differ"
                )
                continue
            same_view_pairs += 1
            shown_to = [q for q in everyone if seen[q][i].view != seen[q][j].view]
            assert not differ or not shown_to, (
                f"{pair}: {_who(shown_to[0]) if shown_to else ''}'s view tells them apart and "
                f"{_who(observer)}'s does not, yet its {', '.join(differ)} differ: a secret "
                "of the move the game does not declare (Engine.known_part), or a leak"
            )
    return TwinVerdict(secret_pairs, same_view_pairs)


def _who(observer: int | None) -> str:
    return "the spectator" if observer is None else f"seat {observer}"


def _text(action: Message) -> str:
    return str(action).replace("\n", " ").strip() or "(empty)"


#: The twins `find_twin` draws, at most, when the first twin cannot play the
#: step's action (another seat's choice that needs its real cards) or its next
#: view differs (the action revealed something): the first that plays it to
#: the observer's real next view has its events compared byte for byte.
MORE_TWINS = 60


@dataclass(frozen=True)
class LeakVerdict:
    """What `check_no_leak` judged."""

    #: The first twin differs from the real state (callers assert most do, or
    #: the checks would compare a state with itself and prove nothing).
    changed: bool
    #: How the events were judged: "bytes" (a twin reached the observer's real
    #: next view, and the events were compared byte for byte), "revealed" (twins
    #: could play the action but each reached another next view: the step
    #: revealed more than MORE_TWINS random twins could match), "" (no twin could
    #: play the action).
    events: str


def _twin(game: Game, rng: Rng, observer: int) -> Game:
    state = game.engine.resample_hidden(game.state, observer, rng)
    return Game(game.engine, game.num_players, game.options, game.seed, game.rng_counter,
                game.step, state)


@dataclass(frozen=True)
class TwinSearch:
    """State twins of a step's `before` for one observer (check_no_leak, and the
    service's leak test, which sends them over the wire)."""

    #: The first twin, drawn from the caller's rng.
    first: Game
    #: A twin that plays the step's action to the observer's real next view, if
    #: one was found: their views, events, actions and decisions must agree.
    match: Game | None
    #: Whether some twin could play the step's action at all.
    playable: bool


def find_twin(step: Step, observer: int, rng: Rng) -> TwinSearch:
    """The first twin from `rng`; more (up to MORE_TWINS, from a stream of the
    step's own, so the caller's rng advances by one resample) only when that one
    cannot play the action or reaches another next view."""
    game = step.before
    engine = game.engine
    first = twin = _twin(game, rng, observer)
    real_view = wire(engine.view(step.after.state, observer))
    more = Rng(b"more twins", game.step)
    playable = False
    for attempt in range(MORE_TWINS + 1):
        if attempt:
            twin = _twin(game, more, observer)
        if not engine.is_legal(twin.state, step.seat, step.action):
            continue  # another seat's private choice that only makes sense with its real cards
        playable = True
        after, _ = twin.apply(step.seat, step.action)
        if wire(engine.view(after.state, observer)) == real_view:
            return TwinSearch(first, twin, True)
    return TwinSearch(first, None, playable)


def check_no_leak(step: Step, observer: int, rng: Rng) -> LeakVerdict:
    """State twins: two states that differ only in what `observer` cannot see
    give the observer identical views, legal actions and decisions; and a twin
    that plays the step's action to the observer's real next view (find_twin)
    tells it the same events, legal actions, decisions and outcome on the way.
    """
    game = step.before
    engine = game.engine
    search = find_twin(step, observer, rng)
    twin = search.first
    changed = engine.encode(twin.state) != engine.encode(game.state)
    assert wire(engine.view(twin.state, observer)) == wire(engine.view(game.state, observer)), (
        f"seat {observer}'s view depends on what it cannot see"
    )
    assert wire(engine.view(twin.state, None)) == wire(engine.view(game.state, None)), (
        "resampling changed public information"
    )
    assert [wire(a) for a in engine.legal_actions(twin.state, observer)] == [
        wire(a) for a in engine.legal_actions(game.state, observer)
    ], f"seat {observer}'s legal actions depend on what it cannot see"
    assert [(d.seat, d.kind) for d in twin.to_act()] == [(d.seat, d.kind) for d in game.to_act()], (
        f"who decides what depends on what seat {observer} cannot see"
    )
    if search.match is None:
        return LeakVerdict(changed, "revealed" if search.playable else "")
    real = seen_by(step.after, step.events, observer)
    theirs = seen_by(*search.match.apply(step.seat, step.action), observer)
    assert not real.differences(theirs), (
        f"step {game.step}: seat {observer} has the same next view on a twin, but "
        f"its {', '.join(real.differences(theirs))} differ: "
        f"events tell seat {observer} something its view does not"
    )
    return LeakVerdict(changed, "bytes")


#: Twins `check_barrier` plays each sampled step's action on, per observer.
BARRIER_TWINS = 6


@dataclass(frozen=True)
class BarrierVerdict:
    """What `check_barrier` judged at one step, for one observer."""

    #: The step's barrier (engines/core/takebacks.py, `barrier`), or None.
    barrier: str | None
    #: Twins that could play the step's action (another seat's choice may need its cards).
    played: int
    #: Of those, the twins that reached the observer's real next view, where the
    #: barrier had to be judged the same.
    same_view: int


def check_barrier(step: Step, observer: int, rng: Rng, twins: int = BARRIER_TWINS) -> BarrierVerdict:
    """Take-backs reveal nothing (docs/testing.md, "Take-backs"), judged on state twins
    of `observer` (everything it cannot see redealt, `resample_hidden`):

    * a step judged no barrier is one whose action, played on any twin that can play
      it, shows the observer and the spectator exactly what it showed them here
      (views, events, legal actions, decisions, outcome): nothing they learnt from it
      depends on what they could not see, so a seat that takes it back and plays on
      has learnt nothing. A reveal the game forgot to declare (`Engine.reveals`)
      fails here: some twin shows another card.
    * the verdict itself tells nothing: on every twin that shows the observer the
      same as the real step, the step is judged the same (barrier or not, and for
      the same reason), so whether a take-back is allowed is a function of what the
      observer saw.
    """
    from engines.core.takebacks import barrier

    real = barrier(step.before, step.seat, step.after, step.events)
    engine = step.before.engine
    seen = {who: seen_by(step.after, step.events, who) for who in (observer, None)}
    played = same = 0
    for _ in range(twins):
        twin = _twin(step.before, rng, observer)
        if not engine.is_legal(twin.state, step.seat, step.action):
            continue
        played += 1
        after, events = twin.apply(step.seat, step.action)
        theirs = {who: seen_by(after, events, who) for who in (observer, None)}
        if real is None:
            for who in (observer, None):
                differ = seen[who].differences(theirs[who])
                assert not differ, (
                    f"step {step.before.step}: seat {step.seat}'s action is judged no barrier, "
                    f"yet on a twin of what seat {observer} cannot see it shows {_who(who)} "
                    f"another {', '.join(differ)}: an undeclared reveal (Engine.reveals)")
        if not seen[observer].differences(theirs[observer]):
            same += 1
            verdict = barrier(twin, step.seat, after, events)
            assert verdict == real, (
                f"step {step.before.step}: judged {real or 'no barrier'} here but "
                f"{verdict or 'no barrier'} on a twin that shows seat {observer} the same: "
                "whether a take-back is allowed would tell it what it cannot see")
    return BarrierVerdict(real, played, same)
