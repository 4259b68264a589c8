"""A bounded, kind-complete sample of a playout's steps, for checks too costly
to run at every step of every configuration (the leak checks redo each step
once per observer on a resampled twin).

A step's kind is the decision the acting seat was asked for plus the action
it chose (its oneof field): the phases and choices of the game. The sample
holds the first `per_kind` steps of every kind the playout met, the last step
(the one that ends the game), and an even spread over the rest up to `total`,
so every kind is judged however rare it is, and a long game is judged all
along, not only at its start.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tests.conformance.playout import Step


def step_kind(step: Step) -> tuple[str, str]:
    """(decision kind, action oneof field) of the seat that acted."""
    decision = next(d.kind for d in step.before.to_act() if d.seat == step.seat)
    oneofs = step.action.DESCRIPTOR.oneofs
    field = step.action.WhichOneof(oneofs[0].name) if oneofs else None
    return decision, field or ""


def sample_steps(steps: Sequence[Step], total: int, per_kind: int) -> list[int]:
    """Indexes into `steps`, in order: kind-complete, at most about `total` of them
    (more only when the kinds alone need more)."""
    chosen: set[int] = {len(steps) - 1} if steps else set()
    seen: Counter[tuple[str, str]] = Counter()
    for index, step in enumerate(steps):
        kind = step_kind(step)
        if seen[kind] < per_kind:
            seen[kind] += 1
            chosen.add(index)
    rest = [i for i in range(len(steps)) if i not in chosen]
    room = total - len(chosen)
    if room > 0 and rest:
        stride = max(1, len(rest) / room)
        chosen.update(rest[int(k * stride)] for k in range(min(room, len(rest))))
    return sorted(chosen)
