"""A fix to xDSL 0.74's lexer (pinned), applied when the memir dialect is imported.

Why: xDSL lexes a string literal with a regex that nests a ``+`` (a run of plain
characters) inside a ``*``. When the closing quote is missing (``"\\" on %s ...``: the only
quote is escaped), the engine tries every way to split the rest of the line into runs
before it gives up: 2^(line length) steps, a hang on a 40-character line. The same
language matched one character (or one escape) at a time, possessively, fails in linear
time.
"""

from __future__ import annotations

import re

from xdsl.utils.mlir_lexer import MLIRLexer

STRING_LITERAL = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"')


def apply() -> None:
    MLIRLexer._unescaped_characters_regex = STRING_LITERAL
