"""A game's state declared once, as typed fields: encode, decode and clone derived.

Each field of a game's `State` dataclass carries its wire encoder in its
declaration, `deck: list[int] = wire(Ints(0, LAST_SPICE))` (dataclass field
metadata, which a class compiled by mypyc keeps; its annotations it does
not), so adding a field is one edit (plus a rules version when the layout
changes, `Since`). `Schema` reads the fields once and derives:

- `encode(state)`: a JSON list (engines/core/wire.py) of an optional encoding
  prefix, then each field's encoded value in declaration order. The byte
  layouts of released rules versions are frozen (tests/golden/sealed), so an
  encoder writes exactly what the game wrote before the schema existed (a
  flag as `true` or as `1`, a shopfront flattened, ...).
- `decode(data, rules)`: the inverse, for bytes of any origin, checking each
  value against its encoder's bounds (which may depend on the player count,
  the rules version, or a field read before it) and naming the field that does
  not fit; then the game's own checks across fields (every card in exactly one
  place, ...).
- `read(data, rules)`: the inverse for bytes the service authenticated, which
  a marketplay build wrote with this very layout (docs/architecture.md, "What
  an authenticated state is checked for"): the layout is checked, once, not
  each value: the encoding version, the number of fields, each field's JSON
  type and the length of each list whose length the layout fixes. Generated
  as plain code per layout, like `clone`, so a decode costs about what a copy
  does.
- `clone(state)`: a copy whose lists may be changed without touching the
  original: each field copied as deep as its encoder says its value is
  mutable (tuples and scalars shared). Generated as plain code, like the
  dataclass's own `__init__`, because every `apply` pays for it; a game's
  `State` writes both out in its source (`methods_source`, `make
  dataclass-methods`), so the compiled build compiles them too.

Every game's state is the same style: a mutable dataclass (slots) that only
`apply` and `resample_hidden` change, on a `clone()` (docs/adding-a-game.md).
The field named `rules` holds the rules version and is never encoded: the
sealed header names the version and its engine supplies it.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Collection, Sequence
from dataclasses import MISSING, dataclass, field, fields
from functools import lru_cache
from operator import attrgetter
from typing import Any, Generic, TypeVar

import orjson

from engines.core.wire import dumps, int_in, ints, load_list, rows

S = TypeVar("S")


class Context:
    """What a field's bounds may depend on while a state is decoded: the rules
    version and the fields read so far (`ctx["grid"]`, `ctx.num_players`)."""

    __slots__ = ("rules", "values")

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.values: dict[str, Any] = {}

    @property
    def num_players(self) -> int:
        value: int = self.values["num_players"]
        return value

    def __getitem__(self, name: str) -> Any:
        return self.values[name]


#: A bound of a field: a number, or one computed from what is decoded so far.
Bound = int | Callable[[Context], int]


def seats(ctx: Context) -> int:
    """One entry per seat."""
    return ctx.num_players


def last_seat(ctx: Context) -> int:
    """The highest seat number."""
    return ctx.num_players - 1


def _at(bound: Bound, ctx: Context) -> int:
    return bound if isinstance(bound, int) else bound(ctx)


def _length(bound: Bound | None, ctx: Context) -> int | None:
    return None if bound is None else _at(bound, ctx)


class Wire:
    """A field's encoder: how its value is written, read back and copied. Not an
    ABC: the encoders are dataclasses, and a compiled dataclass cannot subclass an
    ABC (mypyc); mypy still refuses to make an encoder that lacks `decode`."""

    def writer(self) -> Callable[[Any], Any] | None:
        """What writes the value's JSON form; None when it is written as it is."""
        return None

    def depth(self) -> int:
        """How deep `clone` copies the value: 0 shares it (ints, flags, strings,
        tuples and other immutable values), 1 copies a list, 2 a list of lists."""
        return 0

    @abstractmethod
    def decode(self, raw: Any, what: str, ctx: Context) -> Any:
        """The value `raw` (parsed JSON) stands for; ValueError naming `what`
        when it does not fit."""

    def raw_type(self) -> type:
        """The JSON type of the value as written: what `Schema.read` checks it has."""
        return int

    def items(self) -> Bound | None:
        """How many items a list value has, where the layout fixes it (None: any)."""
        return None

    def source(self, raw: str, me: str) -> str:
        """`Schema.read`'s Python expression for the value an authenticated `raw`
        stands for (`me` names this encoder, `ctx` the Context): the value as
        parsed, unless the state keeps it in another form."""
        return raw


@dataclass(frozen=True)
class Int(Wire):
    """An int in [low, high]."""

    low: Bound
    high: Bound

    def decode(self, raw: Any, what: str, ctx: Context) -> int:
        return int_in(raw, what, _at(self.low, ctx), _at(self.high, ctx))


class Flag(Wire):
    """A bool written as JSON `true`/`false`."""

    def raw_type(self) -> type:
        return bool

    def decode(self, raw: Any, what: str, ctx: Context) -> bool:
        if not isinstance(raw, bool):
            raise ValueError(f"state field {what} is malformed")
        return raw


class Bit(Wire):
    """A bool written as `1`/`0`."""

    def writer(self) -> Callable[[Any], Any]:
        return int

    def decode(self, raw: Any, what: str, ctx: Context) -> bool:
        return bool(int_in(raw, what, 0, 1))

    def source(self, raw: str, me: str) -> str:
        return f"{raw} == 1"


@dataclass(frozen=True)
class Text(Wire):
    """A string out of the set `choices(ctx)`; `refusal` is the error otherwise."""

    choices: Callable[[Context], Collection[str]]
    refusal: str

    def raw_type(self) -> type:
        return str

    def decode(self, raw: Any, what: str, ctx: Context) -> str:
        if not isinstance(raw, str) or raw not in self.choices(ctx):
            raise ValueError(self.refusal)
        return raw


@dataclass(frozen=True)
class Ints(Wire):
    """A list of ints in [low, high], of `length` items when given; a tuple
    in the state when `frozen` (written as a list either way)."""

    low: Bound
    high: Bound
    length: Bound | None = None
    frozen: bool = False

    def raw_type(self) -> type:
        return list

    def depth(self) -> int:
        return 0 if self.frozen else 1

    def decode(self, raw: Any, what: str, ctx: Context) -> list[int] | tuple[int, ...]:
        value = ints(raw, what, _at(self.low, ctx), _at(self.high, ctx), _length(self.length, ctx))
        return tuple(value) if self.frozen else value

    def items(self) -> Bound | None:
        return self.length

    def source(self, raw: str, me: str) -> str:
        return f"tuple({raw})" if self.frozen else raw


class Bits(Wire):
    """A list of bools written as `1`/`0`, one per seat."""

    def raw_type(self) -> type:
        return list

    def writer(self) -> Callable[[Any], Any]:
        return lambda bits: [int(bit) for bit in bits]

    def depth(self) -> int:
        return 1

    def decode(self, raw: Any, what: str, ctx: Context) -> list[bool]:
        return [bool(bit) for bit in ints(raw, what, 0, 1, ctx.num_players)]

    def items(self) -> Bound | None:
        return seats

    def source(self, raw: str, me: str) -> str:
        return f"[bit == 1 for bit in {raw}]"


@dataclass(frozen=True)
class Rows(Wire):
    """`count` lists of ints in [low, high], each of `length` items when
    given; tuples of tuples in the state when `frozen`."""

    count: Bound
    low: Bound
    high: Bound
    length: Bound | None = None
    frozen: bool = False

    def raw_type(self) -> type:
        return list

    def depth(self) -> int:
        return 0 if self.frozen else 2

    def items(self) -> Bound | None:
        return self.count

    def source(self, raw: str, me: str) -> str:
        return f"tuple(map(tuple, {raw}))" if self.frozen else raw

    def decode(
        self, raw: Any, what: str, ctx: Context
    ) -> list[list[int]] | tuple[tuple[int, ...], ...]:
        value = rows(raw, what, _at(self.count, ctx), _at(self.low, ctx), _at(self.high, ctx),
                     _length(self.length, ctx))
        return tuple(tuple(row) for row in value) if self.frozen else value


@dataclass(frozen=True)
class Custom(Wire):
    """A field written as a JSON list, with its own reader (`read(raw, what,
    ctx)`), and writer when its value is not written as it is. `trusted(raw,
    ctx)` makes the value of an authenticated `raw` without checking it (None:
    the value is the list as parsed)."""

    read: Callable[[Any, str, Context], Any]
    write: Callable[[Any], Any] | None = None
    copy_depth: int = 0
    trusted: Callable[[Any, Context], Any] | None = None

    def raw_type(self) -> type:
        return list

    def writer(self) -> Callable[[Any], Any] | None:
        return self.write

    def depth(self) -> int:
        return self.copy_depth

    def decode(self, raw: Any, what: str, ctx: Context) -> Any:
        return self.read(raw, what, ctx)

    def source(self, raw: str, me: str) -> str:
        return raw if self.trusted is None else f"{me}.trusted({raw}, ctx)"


@dataclass(frozen=True)
class Cached(Wire):
    """`wire` whose JSON is cached by value and spliced in as it is
    (`orjson.Fragment`): for a large immutable field that changes seldom
    (Market Fresh's board)."""

    wire: Wire
    size: int = 256

    def writer(self) -> Callable[[Any], Any]:
        inner = self.wire.writer()

        @lru_cache(maxsize=self.size)
        def write(value: Any) -> orjson.Fragment:
            return orjson.Fragment(dumps(value if inner is None else inner(value)))

        return write

    def depth(self) -> int:
        return self.wire.depth()

    def decode(self, raw: Any, what: str, ctx: Context) -> Any:
        return self.wire.decode(raw, what, ctx)

    def raw_type(self) -> type:
        return self.wire.raw_type()

    def items(self) -> Bound | None:
        return self.wire.items()

    def source(self, raw: str, me: str) -> str:
        return self.wire.source(raw, f"{me}.wire")


@dataclass(frozen=True)
class Since:
    """A field the layout gained at layout number `layout`; states of older
    layouts decode with `default(ctx)` for it (what those versions play by)."""

    layout: int
    default: Callable[[Context], Any]


_WIRE, _LABEL, _SINCE = "marketplay.wire", "marketplay.label", "marketplay.since"


def wire(encoder: Wire, label: str | None = None, since: Since | None = None) -> Any:
    """A state field with its wire encoder, as the dataclass field's metadata:
    `label` names the field in error messages when its own name does not read
    well, `since` gives a field a later layout added."""
    return field(metadata={_WIRE: encoder, _LABEL: label, _SINCE: since})


@dataclass(frozen=True)
class _Field:
    name: str
    wire: Wire
    label: str
    since: Since | None


class Schema(Generic[S]):
    """Encode, decode and clone of a state dataclass, from its annotations.

    `prefix` is written before the fields (an encoding version: a mismatch
    is refused as "the wrong encoding version"); `layout(rules)` picks the
    layout number of a rules version (fields `Since` a later one are left
    out); `check(state)` does the game's checks across fields after decoding.
    """

    def __init__(
        self,
        cls: type[S],
        game_id: str,
        prefix: Sequence[int] = (),
        layout: Callable[[Any], int] = lambda _rules: 1,
        check: Callable[[S], None] | None = None,
    ) -> None:
        self.cls = cls
        self._make: Callable[..., S] = cls
        self.game_id = game_id
        self.prefix = tuple(prefix)
        self._layout = layout
        self._check = check
        declared: list[_Field] = []
        for f in fields(cls):  # type: ignore[arg-type]
            if f.name == "rules":
                continue
            encoder = f.metadata.get(_WIRE)
            if not isinstance(encoder, Wire):
                raise TypeError(f"{cls.__qualname__}.{f.name} names no wire encoder")
            declared.append(_Field(f.name, encoder, f.metadata.get(_LABEL) or f.name,
                                   f.metadata.get(_SINCE)))
        self.fields = tuple(declared)
        self._layouts: dict[int, _Layout] = {}
        self.clone: Callable[[S], S] = _clone_function(cls, [f.name for f in fields(cls)],  # type: ignore[arg-type]
                                                       {d.name: d.wire.depth() for d in declared})

    def names(self, rules: Any) -> tuple[str, ...]:
        """The fields a state of `rules` encodes, in order."""
        return tuple(f.name for f in self._layout_of(rules).fields)

    def _layout_of(self, rules: Any) -> _Layout:
        number = self._layout(rules)
        layout = self._layouts.get(number)
        if layout is None:
            layout = self._layouts[number] = _Layout(self, number)
        return layout

    def encode(self, state: S) -> bytes:
        """Compact JSON of the prefix and the fields: same state, same bytes."""
        return self._layout_of(state.rules).encode(state)  # type: ignore[attr-defined]

    def decode(self, data: bytes, rules: Any) -> S:
        """Inverse of `encode` under `rules`; ValueError naming the first field
        that does not fit, or the game's check that fails."""
        layout = self._layout_of(rules)
        width = len(self.prefix)
        body = load_list(data, self.game_id, width + len(layout.fields))
        if body[:width] != list(self.prefix):
            raise ValueError(f"{self.game_id} state has the wrong encoding version")
        ctx = Context(rules)
        values = ctx.values
        for f, raw in zip(layout.fields, body[width:], strict=True):
            values[f.name] = f.wire.decode(raw, f.label, ctx)
        for f in layout.missing:
            assert f.since is not None
            values[f.name] = f.since.default(ctx)
        state: S = self._make(rules=rules, **values)
        if self._check is not None:
            self._check(state)
        return state

    def read(self, data: bytes, rules: Any) -> S:
        """Inverse of `encode` for bytes a marketplay build wrote under `rules`
        (authenticated): ValueError when they do not have the layout, values
        believed (module docstring)."""
        try:
            body = orjson.loads(data)
        except ValueError as exc:  # orjson.JSONDecodeError is one
            raise ValueError(f"{self.game_id} state is not valid JSON") from exc
        state: S = self._layout_of(rules).read(body, rules)
        return state


class _Layout:
    """The fields one layout number encodes, its encoder and its reader."""

    def __init__(self, schema: Schema[Any], number: int) -> None:
        self.fields = tuple(f for f in schema.fields if f.since is None or f.since.layout <= number)
        self.missing = tuple(f for f in schema.fields if f not in self.fields)
        prefix = list(schema.prefix)
        get = attrgetter(*(f.name for f in self.fields))
        writers = [(i + len(prefix), write) for i, f in enumerate(self.fields)
                   if (write := f.wire.writer()) is not None]

        def encode(state: Any) -> bytes:
            values = [*prefix, *get(state)]
            for i, write in writers:
                values[i] = write(values[i])
            return dumps(values)

        self.encode = encode
        self.read = _read_function(schema, self, number)


def _read_function(schema: Schema[Any], layout: _Layout, number: int) -> Callable[[Any, Any], Any]:
    """`Schema.read` of one layout, as generated code: the body's length and
    prefix, then for each field its JSON type and, where the layout fixes it,
    its number of items; then the state, each value as its encoder keeps it.

    The source is built from field names, numbers and the encoders' own
    expressions only; bounds that are computed are called by name."""
    scope: dict[str, Any] = {"make": schema._make, "Context": Context}
    width = len(schema.prefix)
    shape = f"{schema.game_id} state does not have the layout of its rules version"
    lines = [
        "def read(body, rules):",
        f"    if type(body) is not list or len(body) != {width + len(layout.fields)}"
        + "".join(f" or body[{i}] != {value!r}" for i, value in enumerate(schema.prefix)) + ":",
        f"        raise ValueError({shape!r})",
        "    ctx = Context(rules)",
        "    v = ctx.values",
    ]
    names = [f"f_{f.name}" for f in layout.fields]
    lines.append(f"    {', '.join(['_'] * width + names)}, = body")
    lines += [f"    v[{f.name!r}] = {name}" for f, name in zip(layout.fields, names, strict=True)]
    bounds: dict[Callable[[Context], int], str] = {}
    for index, (f, name) in enumerate(zip(layout.fields, names, strict=True)):
        scope[f"t{index}"] = f.wire.raw_type()
        test = f"type({name}) is not t{index}"
        items = f.wire.items()
        if items is not None:
            if isinstance(items, int):
                test += f" or len({name}) != {items}"
            else:  # each computed bound once (`seats`: every per-seat field)
                if items not in bounds:
                    bounds[items] = f"n{len(bounds)}"
                    scope[bounds[items]] = items
                    lines.append(f"    {bounds[items]}_ = {bounds[items]}(ctx)")
                test += f" or len({name}) != {bounds[items]}_"
        lines += [f"    if {test}:",
                  f"        raise ValueError({f'{shape}: field {f.label}'!r})"]
    arguments = []
    for index, (f, name) in enumerate(zip(layout.fields, names, strict=True)):
        scope[f"w{index}"] = f.wire
        arguments.append(f"{f.name}={f.wire.source(name, f'w{index}')}")
    for index, f in enumerate(layout.missing):
        assert f.since is not None
        scope[f"d{index}"] = f.since.default
        arguments.append(f"{f.name}=d{index}(ctx)")
    lines.append(f"    return make(rules=rules, {', '.join(arguments)})")
    exec("\n".join(lines) + "\n", scope)  # the source is built from names and numbers only
    read: Callable[[Any, Any], Any] = scope["read"]
    read.__doc__ = f"A {schema.game_id} state of layout {number} from its authenticated JSON."
    return read


def _copy_args(names: list[str], depths: dict[str, int], of: str) -> list[str]:
    """Each field of `of` copied as deep as `depths` says (0: shared)."""
    copies = {0: "{}.{}", 1: "{}.{}[:]", 2: "[row[:] for row in {}.{}]"}
    return [copies[depths.get(name, 0)].format(of, name) for name in names]


def _clone_function(cls: type[Any], names: list[str], depths: dict[str, int]) -> Callable[[Any], Any]:
    """`clone` as generated code: `cls(self.a, self.b[:], [r[:] for r in self.c], ...)`."""
    scope: dict[str, Any] = {"cls": cls}
    exec(f"def clone(self):\n    return cls({', '.join(_copy_args(names, depths, 'self'))})\n",
         scope)  # the source is built from field names only
    clone: Callable[[Any], Any] = scope["clone"]
    clone.__doc__ = f"A copy of a {cls.__qualname__} whose lists can be changed without touching it."
    return clone


#: The lines around a dataclass's written-out methods (`methods_source`).
METHODS_BEGIN = "    # Generated from the fields above by `make dataclass-methods` (engines/core/schema.py,"
METHODS_END = "    # (end of the generated methods)"


def _literal(value: object) -> str:
    """A field's default as source: only literals, which read back equal."""
    if isinstance(value, tuple):
        items = [_literal(v) for v in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    if value is None or isinstance(value, bool | int | float | str):
        return repr(value)
    raise TypeError(f"a default of {value!r} cannot be written out")


def methods_source(cls: type[Any]) -> str:
    """The `__init__` of the dataclass `cls` (and, for a state class, whose fields
    declare wire encoders, its `clone`) as source, between `METHODS_BEGIN` and
    `METHODS_END`: what `dataclasses` and `Schema.clone` make at import, written into
    the class so that mypyc compiles them. mypyc leaves a compiled dataclass's
    `__init__` to `dataclasses`, interpreted (500 ns a move or option, 28 a Market
    Fresh search iteration), and a class that declares its own keeps it, compiled
    (docs/deploy.md, "Compiled or pure"). A frozen one sets its fields as the
    dataclass's would, through `object.__setattr__`, which mypyc compiles too."""
    declared = fields(cls)
    for f in declared:
        if not f.init or f.kw_only or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__qualname__}.{f.name} is not a plain positional field")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__qualname__} has a __post_init__: write its __init__ by hand")
    names = [f.name for f in declared]
    encoders = {f.name: encoder for f in declared if isinstance(encoder := f.metadata.get(_WIRE), Wire)}
    frozen = cls.__dataclass_params__.frozen
    setter = 'object.__setattr__(self, "{0}", {0})' if frozen else "self.{0} = {0}"
    lines = [
        METHODS_BEGIN,
        "    # `methods_source`): written out so that mypyc compiles them. Do not edit.",
        "    def __init__(",
        "        self,",
        *(f"        {f.name}: {f.type if isinstance(f.type, str) else f.type.__name__}"
          f"{'' if f.default is MISSING else ' = ' + _literal(f.default)}," for f in declared),
        "    ) -> None:",
        *(f"        {setter.format(n)}" for n in names),
    ]
    if encoders:
        name = cls.__name__
        lines += [
            "",
            f"    def clone(self) -> {name}:",
            '        """A copy whose lists can be changed without touching `self`."""',
            f"        return {name}(",
            *(f"            {arg}," for arg in _copy_args(names, {n: e.depth() for n, e in encoders.items()},
                                                         "self")),
            "        )",
        ]
    lines.append(METHODS_END)
    return "\n".join(lines) + "\n"
