"""Log set-up: `--log-format text` for people at a terminal, `json` for log pipelines.

In JSON every record is one line holding `time`, `level`, `logger`, `pid`
and `message`, plus the fields a record carries under `extra={"call": ...}`
(service/calls.py), so a refused call is a line a pipeline can filter on
`reason` or `game` without parsing prose.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

__all__ = ["FORMATS", "JsonFormatter", "configure_logging"]

FORMATS = ("text", "json")
_TEXT = "%(asctime)s %(levelname)s %(name)s %(process)d: %(message)s"


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "pid": record.process,
            "message": record.getMessage(),
        }
        fields = getattr(record, "call", None)
        if isinstance(fields, dict):
            line.update(fields)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(level: str, log_format: str) -> None:
    """One handler on the root logger, to stderr, in the chosen format.

    Like logging.basicConfig, it leaves a logging set-up that already exists
    alone (a program embedding the server, a test runner capturing logs).
    """
    root = logging.getLogger()
    root.setLevel(level.upper())
    if root.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(_TEXT))
    root.addHandler(handler)
