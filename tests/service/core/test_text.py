"""The service's side of player-facing text (service/text.py): a phrase on
the wire reads back as itself; kept texts and labels are the texts rendered
afresh."""

from __future__ import annotations

from operator import itemgetter

from engines import registry
from engines.core import Game
from engines.core.text import Arg, Phrase, Seat, Term
from marketplay.v1 import game_service_pb2 as pb
from service import text
from service.text import Speaker, message_bytes, shipped_catalogs
from tests.conformance.playout import playout


def _phrase(message: pb.Message) -> Phrase:
    """The phrase a Message on the wire says (what a client's catalog reads)."""
    return Phrase(message.id, tuple((a.name, _value(a)) for a in message.arguments))


def _value(argument: pb.MessageArgument) -> Arg:
    kind = argument.WhichOneof("value")
    if kind == "seat":
        return Seat(argument.seat)
    if kind == "term":
        return Term(argument.term)
    if kind == "list":
        items = tuple(_value(item) for item in argument.list.items)
        assert all(isinstance(i, Seat | Term) for i in items)
        return items  # type: ignore[return-value]
    assert kind == "number", kind
    return argument.number


EDGES = [
    Phrase("bare"),
    Phrase.of("zeros", seat=Seat(0), count=0, empty=()),
    Phrase.of("big", number=2**40, negative=-3, seats=(Seat(4), Seat(0)), terms=(Term("t"),)),
    Phrase.of("ünïcode-ïd", term=Term("spice-merchant-spice-nutmeg-and-mace")),
]


def _game_phrases() -> list[Phrase]:
    found: list[Phrase] = []
    for engine in registry.ENGINES.values():
        for step in playout(Game.new(engine, engine.spec.max_players, {}, b"bytes"), b"p"):
            found += [engine.event_phrase(e) for e in step.events]
            kind = next(d.kind for d in step.before.to_act() if d.seat == step.seat)
            found.append(engine.action_phrase(step.before.state, step.seat, kind, step.action))
            found.append(engine.decision_phrase(step.before.state, step.seat, kind))
    return found


def test_a_message_on_the_wire_says_its_phrase_exactly() -> None:
    """Every kind of argument (a seat 0, a count 0, a negative or large number,
    an empty list, a list of seats and terms) reads back as it was said."""
    phrases = EDGES + _game_phrases()
    assert len(phrases) > 100
    for phrase in phrases:
        assert _phrase(pb.Message.FromString(message_bytes(phrase))) == phrase


def test_a_labelled_action_is_the_game_action_protobuf_makes() -> None:
    """The kept bytes of a legal action with its label parse as the action and
    the label's Message with its text."""
    engine = registry.get("spice-merchant")
    assert engine is not None
    game = Game.new(engine, 2, {}, b"labels")
    speaker = Speaker(shipped_catalogs(), "de")
    kept = pb.Decision()
    speaker.legal_actions(engine, game.state, 0, "register-secret", kept)
    actions = engine.legal_actions(game.state, 0)
    assert [a.spice_merchant for a in kept.legal_actions] == list(actions)
    for labelled, action in zip(kept.legal_actions, actions, strict=True):
        expected = pb.Message.FromString(message_bytes(engine.action_phrase(
            game.state, 0, "register-secret", action)))
        expected.text = speaker.text(engine.action_phrase(game.state, 0, "register-secret", action))
        assert labelled.label == expected
        assert labelled.label.text.startswith("Verdeckt anmelden: ")


def test_kept_texts_are_the_texts_rendered_afresh() -> None:
    """Texts and labels come from caches keyed by engine-made values: emptying
    them changes nothing, with display names or without."""
    catalogs = shipped_catalogs()
    phrases = _game_phrases()[:300]
    for names in ((), ("Ann", "", "Cy")):
        for locale in ("en", "de", "en-XA"):
            speaker = Speaker(catalogs, locale, names)
            first = [speaker.said(p) for p in phrases]
            assert [speaker.said(p) for p in phrases] == first  # from the caches
            text.forget()
            fresh = [speaker.said(p) for p in phrases]
            assert first == fresh


def test_a_filled_template_is_the_text_fluent_renders() -> None:
    """A text is its phrase's template (seats, pieces and numbers marked) filled
    with the phrase's own: for every phrase of whole games, in every locale,
    with display names and without, exactly what Fluent renders of the phrase
    itself."""
    catalogs = shipped_catalogs()
    phrases = EDGES[1:] + _game_phrases()
    for names in ((), ("Ann", "", "Cy")):
        for locale in catalogs.locales:
            speaker = Speaker(catalogs, locale, names)
            for phrase in phrases:
                if catalogs.bundle(locale).has_message(phrase.id):
                    assert speaker.text(phrase) == speaker._render(phrase), (locale, phrase)


def test_a_message_is_the_bytes_protobuf_writes() -> None:
    """The Message and labelled GameAction written field by field are the bytes
    protobuf serializes of the same message."""
    for phrase in EDGES + _game_phrases()[:500]:
        message = pb.Message(id=phrase.id)
        for name, value in phrase.args:
            text._set(message.arguments.add(name=name), value)
        assert message_bytes(phrase) == message.SerializeToString(deterministic=True)
        message.text = "Ann nimmt 3 Zitronen"
        said = message_bytes(phrase) + text._text_field(message.text)
        assert said == message.SerializeToString(deterministic=True)
        action = pb.GameAction(label=message)
        action.spice_merchant.register_secret.spices.extend([1, 2])
        tag = text._field_tag(pb.GameAction.DESCRIPTOR, "spice_merchant")
        labelled = text._labelled(tag, action.spice_merchant.SerializeToString(), said)
        assert labelled == action.SerializeToString(deterministic=True)


def test_a_template_keeps_the_catalogs_braces_and_never_reads_a_value() -> None:
    """Braces a catalog's text holds are text, and a value filled in (a caller's
    name such as "{0}") is never read as a format."""
    marked = "a {b} " + text._mark(0) + " }{ " + text._mark(1) + text._mark(0)
    assert text._template(marked).format("{1}", "Bo") == "a {b} {1} }{ Bo{1}"


def test_a_kept_event_message_is_the_message_said_afresh() -> None:
    """An event copy's Message, kept by its bytes, is its phrase said afresh:
    on first sight and from the cache, with display names and without."""
    catalogs = shipped_catalogs()
    for engine in registry.ENGINES.values():
        events = [e for step in playout(Game.new(engine, engine.spec.max_players, {}, b"kept"), b"e")
                  for e in step.events][:120]
        for names in ((), ("Ann", "", "Cy")):
            for locale in ("", "de"):
                speaker = Speaker(catalogs, locale, names)
                text.forget()
                for _ in range(2):
                    for event in events:
                        message = pb.Message()
                        speaker.event(engine, event, message)
                        expected = pb.Message.FromString(speaker.said(engine.event_phrase(event)))
                        assert message == expected, (locale, names, event.message)


def test_a_call_fills_each_named_text_with_its_own_names() -> None:
    """A text naming a caller's seat is filled where it is said: what the call
    says again is what it said first, and what a fresh call with the same
    names says; a call with other names says its own, and neither holds the
    other's names."""
    catalogs = shipped_catalogs()
    engine = registry.ENGINES["spice-merchant"]
    events = [e for step in playout(Game.new(engine, 4, {}, b"filled"), b"f") for e in step.events]
    ours, theirs = ("Annqa", "Boqb", "Cyqc", "Deeqd"), ("Wimzw", "Xuzx", "Yanzy", "Zedzz")

    def said(speaker: Speaker, event: object) -> bytes:
        message = pb.Message()
        speaker.event(engine, event, message)  # type: ignore[arg-type]
        return message.SerializeToString()

    text.forget()
    call, other = Speaker(catalogs, "de", ours), Speaker(catalogs, "de", theirs)
    filled, others = [], []
    for event in events:
        filled.append(said(call, event))
        others.append(said(other, event))
        assert said(call, event) == filled[-1] == said(Speaker(catalogs, "de", ours), event)
        assert said(Speaker(catalogs, "de", theirs), event) == others[-1]
    assert all(n.encode() not in b"".join(filled) for n in theirs)
    assert all(n.encode() not in b"".join(others) for n in ours)
    assert sum(any(n.encode() in each for n in ours) for each in filled) > 10


def test_kept_labels_stay_bounded_and_right_when_groups_are_let_go() -> None:
    """The labels' cache holds at most its entries over all groups, and one
    list's new labels beyond (a group is let go whole, the oldest first), and
    a group let go is made again."""
    kept = text._Grouped(8)
    for group_number in range(5):
        group = kept.group(group_number)
        for key in range(6):
            kept.put(group, [(key, b"%d/%d" % (group_number, key))])
            assert kept._size <= 9
            assert sum(len(g) for g in kept._groups.values()) <= 8
    again = kept.group(0)
    assert again.get(0) is None
    kept.put(again, [(0, b"0/0")])
    assert kept.group(0)[0] == b"0/0"
    for group_number in range(5, 9):  # a list's new labels at once: bounded by entries + one list
        kept.put(kept.group(group_number), [(key, b"%d" % key) for key in range(5)])
        assert kept._size == sum(len(g) for g in kept._groups.values()) <= 8 + 5


NAMES = ("Änn", "Bozzle", "Cy {0} {{", "Dizzy", "Eddo")


def _labelled_lists(speaker: Speaker) -> list[pb.Decision]:
    lists = []
    for engine in registry.ENGINES.values():
        for step in playout(Game.new(engine, engine.spec.max_players, {}, b"names"), b"n"):
            kind = next(d.kind for d in step.before.to_act() if d.seat == step.seat)
            decision = pb.Decision()
            speaker.legal_actions(engine, step.before.state, step.seat, kind, decision)
            lists.append(decision)
    return lists


def test_labels_naming_the_callers_seats_are_kept_without_the_names() -> None:
    """With display names, a label that names a seat is kept as its template
    and seats and filled per call: its list from the caches is the list made
    afresh, another caller's names fill the same kept labels, and no cache
    holds a name."""
    catalogs = shipped_catalogs()
    text.forget()
    named = Speaker(catalogs, "de", NAMES)
    first = _labelled_lists(named)
    assert any(NAMES[0] in action.label.text for decision in first
               for action in decision.legal_actions)  # some labels name a seat
    assert _labelled_lists(named) == first  # from the caches
    others = ("Flossy", "Gusto", "Halvard", "Ivyleaf", "Jojo")
    renamed = _labelled_lists(Speaker(catalogs, "de", others))
    kept = repr([text._LABELS._groups, text._LISTS.items, text._SAID.items,
                 text._EVENT_SAID.items, [t.pieces.items for t in text._TONGUES.values()]])
    assert not any(name.strip() in kept for name in (*NAMES, *others))
    text.forget()
    assert _labelled_lists(named) == first
    text.forget()
    assert _labelled_lists(Speaker(catalogs, "de", others)) == renamed


def test_display_names_are_refused_for_every_control_or_format_character_alone() -> None:
    """The fast path (str.isprintable) lets a printable name through; the
    exact test still decides a name with a no-break space or an emoji."""
    assert text.check_names(("Zoë\u00a0Ann", "🍋 Lemon", "李"), 3) == ("Zoë\u00a0Ann", "🍋 Lemon", "李")
    for bad in ("soft\u00adhyphen", "bell\x07", "rtl\u202eevil", "zero\u200bwidth", "nl\n"):
        try:
            text.check_names((bad,), 2)
        except text.TextError as refused:
            assert refused.reason == "BAD_SEAT_NAMES"
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_a_named_form_keeps_every_brace_and_percent_and_leaves_only_its_seats_to_fill() -> None:
    template = text._template("{a} 5% \ue000\ue100\ue001 } \ue000\ue101\ue001 \ue000\ue102\ue001")
    assert template == "{{a}} 5% {0} }} {1} {2}"
    pattern, seats = text._seats_pattern(template, ["x{0}%sy", Seat(2), "{s0}"])
    assert (pattern, seats) == (b"{a} 5%% x{0}%%sy } %s {s0}", (2,))
    # a name is a value: its braces, percent signs and format marks stay as typed
    speaker = Speaker(shipped_catalogs(), "en", ("Ann", "Bo", "Cy {s0} %s %(s1)s %%"))
    head = text._id_field("p") + text._TEXT_TAG
    filled = pb.Message.FromString(speaker._named(text._Named(head, pattern, itemgetter(2), 3)))
    assert filled.text == "{a} 5% x{0}%sy } \u2068Cy {s0} %s %(s1)s %%\u2069 {s0}"
    assert filled.id == "p"
    # several seats, one twice, in the catalog's order, each filled with its own
    # text (a seat beyond the names given is "Player N")
    plain = text._template("\ue000\ue101\ue001 to \ue000\ue100\ue001 and \ue000\ue102\ue001")
    pattern, seats = text._seats_pattern(plain, [Seat(0), Seat(1), Seat(1)])
    assert (pattern, seats) == (b"%s to %s and %s", (1, 0, 1))
    filled = pb.Message.FromString(Speaker(shipped_catalogs(), "de", ("Ann",))._named(
        text._Named(head, pattern, itemgetter(*seats), 2)))
    assert filled.text == "Spieler 2 to \u2068Ann\u2069 and Spieler 2"
    filled = pb.Message.FromString(Speaker(shipped_catalogs(), "de", ("", "Bo"))._named(
        text._Named(head, pattern, itemgetter(*seats), 2)))
    assert filled.text == "\u2068Bo\u2069 to Spieler 1 and \u2068Bo\u2069"


def test_a_phrase_is_a_value() -> None:
    """Phrases key the caches: equal by id and arguments, hashed alike, never
    equal to another type; its hash is kept, not its equality."""
    a = Phrase.of("p", seat=Seat(1), count=2)
    b = Phrase("p", (("seat", Seat(1)), ("count", 2)))
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert a != Phrase.of("p", seat=Seat(1), count=3) and a != Phrase.of("q", seat=Seat(1), count=2)
    assert a != ("p", a.args) and repr(a) == "Phrase(id='p', args=(('seat', Seat(seat=1)), ('count', 2)))"


def test_a_text_that_names_no_seat_is_kept_whole_when_the_caller_named_seats() -> None:
    """A phrase can carry a seat its words leave out ("You registered ..."):
    with display names it is kept as its Message, not filled a call at a time."""
    from engines.spice_merchant.text import SPICES

    text.forget()
    phrase = Phrase.of("spice-merchant-event-secret-registered-private", seat=Seat(2), count=1,
                       spices=(SPICES[0],))
    named = Speaker(shipped_catalogs(), "en", ("Ann", "Bo", "Cy"))
    said = named.said(phrase)
    assert pb.Message.FromString(said).text.startswith("You registered ")
    kept = [value for key, value in text._SAID.items.items() if phrase in key]
    assert kept == [said]  # bytes, not a `_Named`
    public = Phrase.of("spice-merchant-event-secret-registered", seat=Seat(2), count=1)
    assert pb.Message.FromString(named.said(public)).text.startswith("\u2068Cy\u2069 ")
    assert any(isinstance(value, text._Named) for key, value in text._SAID.items.items()
               if public in key)
