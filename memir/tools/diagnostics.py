"""Short, located diagnostics for memir's command-line tools.

Why: xDSL reports a failing verifier by printing the whole module and a traceback. A user
wants mlir-opt's one screen: ``file:line:col: error: message``, the offending line and a
caret. We remember where each op started while parsing, and map any error that carries an
op (verifier, module check, pass) back to that line.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException

from memir.dialects.errors import PassError
from memir.dialects.xdsl_internals import current_token


class ToolError(Exception):
    """An error meant for the user, exit status 1.

    ``located`` errors already start with ``file:line:col: error:``; others get the
    tool's name as prefix.
    """

    def __init__(self, message: str, located: bool = False):
        super().__init__(message)
        self.located = located


OpError = PassError
"""Kept for plug-ins written before passes raised ``memir.dialects.PassError``."""


class LocatingParser(Parser):
    """A Parser that remembers where in the text each op began."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.op_starts: dict[Operation, int] = {}

    def parse_operation(self) -> Operation:
        start = current_token(self).span.start
        try:
            op = super().parse_operation()
        except ParseError:
            raise
        except VerifyException as error:  # an attribute's own check, run as it is built
            self.raise_error(first_line(error), start, self.pos)
        except (ValueError, TypeError, OverflowError, IndexError, KeyError,
                NotImplementedError) as error:
            # An op's parser or constructor (ours or xDSL's) refused a value it was
            # given (an i64 array element past 2^63, an array<i72: ...> xDSL cannot
            # pack): the input's fault, at this op.
            self.raise_error(f"malformed op: {first_line(error)}", start, self.pos)
        self.op_starts[op] = start
        return op


@dataclass
class SourceText:
    """The text of one input chunk, to turn a character offset into file:line:col."""

    name: str
    text: str
    line_offset: int = 0

    def location(self, pos: int) -> tuple[int, int]:
        line_start = self.text.rfind("\n", 0, pos) + 1
        line = self.text.count("\n", 0, pos) + 1 + self.line_offset
        return line, pos - line_start + 1

    def render(self, pos: int | None, message: str, severity: str = "error") -> str:
        if pos is None:
            return f"{self.name}: {severity}: {message}"
        line, col = self.location(pos)
        line_start = self.text.rfind("\n", 0, pos) + 1
        line_end = self.text.find("\n", pos)
        source_line, caret_col = shown_window(
            self.text[line_start : None if line_end < 0 else line_end], col)
        caret = " " * (caret_col - 1) + "^"
        return f"{self.name}:{line}:{col}: {severity}: {message}\n{source_line}\n{caret}"


# A source line longer than this is shown as a window around the column (a func.func
# header of a model's training step is tens of kilobytes long): the error stays one screen.
SHOWN_LINE = 160


def shown_window(source_line: str, col: int) -> tuple[str, int]:
    """``source_line`` cut to at most about ``SHOWN_LINE`` characters around ``col``,
    "..." marking each cut, and the column of ``col`` in what is shown."""
    if len(source_line) <= SHOWN_LINE:
        return source_line, col
    start = max(0, min(col - 1 - SHOWN_LINE // 3, len(source_line) - SHOWN_LINE))
    shown = source_line[start:start + SHOWN_LINE]
    prefix = "..." if start > 0 else ""
    suffix = "..." if start + SHOWN_LINE < len(source_line) else ""
    return prefix + shown + suffix, col - start + len(prefix)


def first_line(text: str, limit: int = 400) -> str:
    """The message's first line; one that ends in ':' keeps the line that explains it."""
    lines = [line.strip() for line in str(text).strip().splitlines() if line.strip()]
    text = lines[0] if lines else str(text)
    if text.endswith(":") and len(lines) > 1:
        text = f"{text} {lines[1]}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_error_text(error: ParseError, source: SourceText) -> str:
    message = first_line(error.msg)
    if message.startswith("Unexpected character:"):
        # the character may be invisible (a no-break space, a control character)
        char = source.text[error.span.start: error.span.start + 1]
        if char and not (char.isascii() and char.isprintable()):
            message = f"unexpected character U+{ord(char):04X} {unicodedata_name(char)}"
    return source.render(error.span.start, message)


def unicodedata_name(char: str) -> str:
    import unicodedata

    return f"({unicodedata.name(char, 'unnamed').lower()})"


def op_position(op: Operation | None, starts: dict[Operation, int]) -> int | None:
    """Where an op (or, for ops a pass created, its nearest parsed ancestor) began."""
    while op is not None:
        if op in starts:
            return starts[op]
        op = op.parent_op()
    return None
