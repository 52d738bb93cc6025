"""Sudoku Forge for Python: rate, explain, solve and generate Sudoku puzzles.

A front end over the same engine calls as the ``sudoku-forge`` command line:
``rate(p).to_dict()`` is what ``sudoku-forge rate --json --no-stochastic p``
prints (without the CLI's ``where``, which names its input position), and
``generate(..., seed=S)`` yields the puzzles ``sudoku-forge generate --seed=S``
prints.

Puzzles are accepted as any text the CLI reads (one line of N*N symbols, a
pasted grid, whitespace-separated numbers), or as a list of lists / numpy
array of ints (0 = empty) of any supported shape (4x4 to 25x25). Shapes that
the cell count does not determine (3x2 boxes, ...) take ``shape="3x2"``.

Errors are exceptions carrying the CLI's words and positions:
:class:`InvalidPuzzle` (``line``, ``column``, ``cells``), :class:`NotUnique`
(``solutions``), :class:`NoSolution`, :class:`BudgetExceeded`.
"""

from __future__ import annotations

import json as _json
import math
import re as _re
import sys as _sys
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional

from . import _core

__all__ = [
    "SudokuForgeError", "InvalidPuzzle", "NotUnique", "NoSolution",
    "BudgetExceeded", "DEFAULT_MAX_NODES", "DEFAULT_TOP_WORK", "Rating",
    "RatingError", "BankRow", "Bank", "rate",
    "rate_many", "explain", "hint", "solve", "count_solutions", "validate",
    "canonical", "generate", "read_puzzles", "expected_minutes",
    "engine_version", "__version__",
]

__version__ = _core.VERSION


def engine_version() -> str:
    """The rater's engine version ("rater-<version>.<fit id>"), as stored."""
    return _core.engine_version()


def expected_minutes(score: float) -> float:
    """A typical player's expected solve time in minutes for a Forge score
    (e**score / 60; see docs/CALIBRATION.md for its error and its players)."""
    return _core.expected_minutes(score)


# --------------------------------------------------------------- exceptions

class SudokuForgeError(Exception):
    """Base class of the package's errors."""


_LINE_RE = _re.compile(r"\bline (\d+)(?:, column (\d+))?")
_CELL_RE = _re.compile(r"\br(\d+)c(\d+)\b")


class InvalidPuzzle(SudokuForgeError, ValueError):
    """Unreadable input or clashing givens, with the CLI's words.

    Attributes: ``message`` (the CLI's text), ``line`` and ``column`` (1-based,
    None when the message names none), ``cells`` (the clashing cells as
    (row, column) pairs, 1-based; empty unless givens clash).
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
        m = _LINE_RE.search(message)
        self.line: Optional[int] = int(m.group(1)) if m else None
        self.column: Optional[int] = (
            int(m.group(2)) if m and m.group(2) else None)
        self.cells = [(int(r), int(c)) for r, c in _CELL_RE.findall(message)]


class NotUnique(SudokuForgeError):
    """The puzzle has several solutions; ``solutions`` holds two."""

    def __init__(self, message: str, solutions: List[str]):
        super().__init__(message)
        self.message = message
        self.solutions = list(solutions)


class NoSolution(SudokuForgeError):
    """The puzzle has no solution."""

    def __init__(self, message: str = "the puzzle has no solution"):
        super().__init__(message)
        self.message = message


class BudgetExceeded(SudokuForgeError):
    """A search stopped at its budget (``max_nodes``, or the canonical
    form's candidate limit) before it had an answer."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# ------------------------------------------------------------------- inputs

def _to_text(puzzle: Any) -> str:
    """The puzzle as text the engine parses."""
    if isinstance(puzzle, str):
        return puzzle
    if isinstance(puzzle, (bytes, bytearray)):
        return bytes(puzzle).decode("utf-8", errors="replace")
    if hasattr(puzzle, "tolist"):  # numpy arrays
        puzzle = puzzle.tolist()
    if not isinstance(puzzle, (list, tuple)):
        raise TypeError(
            "a puzzle is a string, a list of lists or a numpy array of ints, "
            f"not {type(puzzle).__name__}")
    # Positions in errors: for a grid (list of rows), line = row and column
    # = column of the grid; for a flat list, line 1 and the cell's index + 1.
    if puzzle and isinstance(puzzle[0], (list, tuple)):
        rows, n = puzzle, len(puzzle)
    else:
        rows, n = [puzzle], math.isqrt(len(puzzle))
    # One line of whitespace-separated numbers: the text parser reads a row
    # per line only while no row holds a two-digit number.
    tokens = []
    for r, row in enumerate(rows, 1):
        if not isinstance(row, (list, tuple)):
            raise InvalidPuzzle(f"line {r}: expected a row (a list of ints)")
        if len(rows) > 1 and len(row) != n:
            raise InvalidPuzzle(
                f"line {r}: a row of {len(row)} cells in a grid of {n} rows")
        for c, v in enumerate(row, 1):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or (
                    isinstance(v, float) and not v.is_integer()) or v < 0 or (
                    v > n):
                raise InvalidPuzzle(
                    f"line {r}, column {c}: {v!r} is not a cell value "
                    f"(0 = empty, 1..{n})")
            tokens.append(str(int(v)))
    return " ".join(tokens) + "\n"


def _shape(shape: Optional[str]) -> str:
    return "" if shape is None else str(shape)


def read_puzzles(text: str, *, shape: Optional[str] = None) -> List[str]:
    """Every puzzle of a text (a file's contents) in line format, as the CLI
    reads its inputs. Raises InvalidPuzzle for the first bad one."""
    out = []
    for _line, puzzle, error, _label in _core.parse_many(text, _shape(shape)):
        if error:
            raise InvalidPuzzle(error)
        out.append(puzzle)
    return out


# ------------------------------------------------------------------ ratings

class Rating:
    """The rating of one puzzle: what ``sudoku-forge rate --json`` prints.

    Attributes: ``score`` (Forge score, a model of ln seconds), ``level``,
    ``er``/``ep``/``ed`` (Sudoku Explainer scale), ``hardest_technique``,
    ``technique_counts``, ``solver_success`` (when the stochastic solvers
    ran), ``expected_minutes``, ``engine_version``, ``canonical_key``,
    ``puzzle``, ``solution``, ``clues``, ``player_effort``, ``search_effort``,
    ``top_er`` (9x9: the estimate of Sudoku Explainer's ER that scores the
    top; where ``er``, the whole ladder's, is 20.0 for a guess, ``top_er``
    is SE's own ladder's ER, nested forcing chains included; 0.0 for other
    shapes).
    """

    ok = True

    # Fields that a fresh engine answer (_core.RateAnswer) gives without
    # building the JSON; they equal the JSON's (tests/test_package.py).
    _FAST = frozenset(("score", "level", "er", "ep", "ed", "top_er",
                       "hardest_technique", "expected_minutes", "clues",
                       "engine_version", "puzzle"))

    def __init__(self, answer: Any):
        # answer: the engine's JSON text, or a rated _core.RateAnswer whose
        # JSON is built on first use (to_json, to_dict, the other fields).
        if isinstance(answer, str):
            self._json: Optional[str] = answer
            self._answer = None
        else:
            self._json = None
            self._answer = answer
        self._dict: Optional[Dict[str, Any]] = None
        self._key: Optional[str] = None

    def to_json(self) -> str:
        """The engine's JSON (protobuf's JSON mapping, proto field names)."""
        if self._json is None:
            self._json = self._answer.json()
        return self._json

    def to_dict(self) -> Dict[str, Any]:
        """The JSON as a dict (a fresh copy)."""
        return _json.loads(self.to_json())

    def _get(self, name: str, default: Any = 0) -> Any:
        if self._dict is None:
            if self._answer is not None and name in Rating._FAST:
                return getattr(self._answer, name)
            self._dict = _json.loads(self.to_json())
        return self._dict.get(name, default)

    score = property(lambda self: float(self._get("score", 0.0)))
    level = property(lambda self: self._get("level", ""))
    er = property(lambda self: float(self._get("er", 0.0)))
    ep = property(lambda self: float(self._get("ep", 0.0)))
    ed = property(lambda self: float(self._get("ed", 0.0)))
    top_er = property(lambda self: float(self._get("top_er", 0.0)))
    hardest_technique = property(lambda self: self._get("hardest_technique", ""))
    technique_counts = property(
        lambda self: dict(self._get("technique_counts", {})))
    solver_success = property(lambda self: dict(self._get("solver_success", {})))
    expected_minutes = property(
        lambda self: float(self._get("expected_minutes", 0.0)))
    engine_version = property(lambda self: self._get("engine_version", ""))
    puzzle = property(lambda self: self._get("puzzle", ""))
    solution = property(lambda self: (self._get("solutions", []) or [""])[0])
    clues = property(lambda self: int(self._get("clues", 0)))
    solved_by_logic = property(lambda self: bool(self._get("solved_by_logic", False)))
    player_effort = property(lambda self: float(self._get("player_effort", 0.0)))
    search_effort = property(lambda self: float(self._get("search_effort", 0.0)))
    from_store = property(lambda self: bool(self._get("from_store", False)))
    puzzle_id = property(lambda self: int(self._get("puzzle_id", 0)))

    @property
    def canonical_key(self) -> str:
        """The puzzle's canonical (minlex) form, the bank's dedup key."""
        if self._key is None:
            self._key = canonical(self.puzzle)
        return self._key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rating) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        # top_er where it is not er's (the top), as the CLI's text line.
        top = (f", top_er={self.top_er}"
               if self.top_er and self.top_er != self.er else "")
        return (f"Rating(level={self.level!r}, score={self.score:.2f}, "
                f"expected_minutes={self.expected_minutes:.1f}, er={self.er}, "
                f"ep={self.ep}, ed={self.ed}, "
                f"hardest_technique={self.hardest_technique!r}{top})")


class RatingError:
    """A puzzle of ``rate_many`` that could not be rated, in its place.

    ``status`` is "INVALID", "MULTIPLE", "NONE", "BUDGET_EXCEEDED" or
    "OUT_OF_TIME" (the verdict words of every front end); ``error`` the
    CLI's words; ``exception`` the exception ``rate`` would raise for it.
    """

    ok = False

    def __init__(self, status: str, error: str, solutions: List[str],
                 json_text: str = ""):
        self.status = status
        self.error = error
        self.solutions = solutions
        self._json = json_text

    @property
    def exception(self) -> SudokuForgeError:
        return _exception_for(self.status, self.error, self.solutions)

    def to_dict(self) -> Dict[str, Any]:
        return _json.loads(self._json) if self._json else {
            "status": self.status, "error": self.error}

    def to_json(self) -> str:
        return self._json or _json.dumps(self.to_dict())

    def __repr__(self) -> str:
        return f"RatingError(status={self.status!r}, error={self.error!r})"


# The verdict words (README "Verdict words"): the JSON status of a puzzle
# that gets no answer, and the exception each raises.
def _exception_for(status: str, error: str,
                   solutions: List[str]) -> SudokuForgeError:
    if status == "MULTIPLE":
        return NotUnique(error or "the puzzle has several solutions",
                         solutions)
    if status == "NONE":
        return NoSolution(error or "the puzzle has no solution")
    if status == "BUDGET_EXCEEDED":
        return BudgetExceeded(error or "work budget exceeded (max_nodes)")
    return InvalidPuzzle(error)


_REFUSED = ("INVALID", "MULTIPLE", "NONE", "BUDGET_EXCEEDED")

# The work budget of every exact search (``--max-nodes``,
# RaterOptions::max_nodes; search nodes, 0 = none).
DEFAULT_MAX_NODES: int = _core.DEFAULT_MAX_NODES

# The work budget of each search of Sudoku Explainer's dynamic forcing chains
# "+" and nested forcing chains in the rater's walk for the top of the scale
# (``--top-work``, RaterOptions::top_work; literal expansions, 0 = none).
DEFAULT_TOP_WORK: int = _core.DEFAULT_TOP_WORK


def _rating_of(json_text: str):
    """Rating or RatingError of one rate answer (no exception)."""
    if json_text.startswith('{"status":"RATED"'):
        return Rating(json_text)
    d = _json.loads(json_text)
    return RatingError(d.get("status", "INVALID"), d.get("error", ""),
                       d.get("solutions", []), json_text)


def _raise_unless_rated(result):
    if not result.ok:
        raise result.exception
    return result


def rate(puzzle: Any, *, stochastic: bool = False, shape: Optional[str] = None,
         explain: bool = False, max_nodes: int = DEFAULT_MAX_NODES,
         top_work: int = DEFAULT_TOP_WORK) -> Rating:
    """Rates one puzzle: ``sudoku-forge rate --json`` (``--no-stochastic``
    unless ``stochastic``; ``explain`` adds the steps; ``max_nodes`` is
    ``--max-nodes``, the work budget of the exact search, 0 = none).

    ``top_work`` is ``--top-work``: the work budget, in literal expansions
    (counted, not timed), of each search of Sudoku Explainer's dynamic
    forcing chains "+" and nested forcing chains in the rater's walk for the
    top of the scale (the hardest 9x9 puzzles, SE 9.0 and up); default
    DEFAULT_TOP_WORK (100,000,000), 0 = none. A lower budget makes the
    hardest puzzles, whose walk it stops, fall back to the trial estimate of
    their top rating (faster, coarser). It is a rating parameter.

    Raises InvalidPuzzle, NotUnique, NoSolution or BudgetExceeded;
    ValueError for a negative ``max_nodes`` or ``top_work``.
    """
    text = _to_text(puzzle)
    answer = _core.rate(text, _shape(shape), stochastic, explain,
                        int(max_nodes), int(top_work))
    if answer.rated:
        return Rating(answer)
    return _raise_unless_rated(_rating_of(answer.json()))


def _progress_callback(progress: Any, total: int):
    """(callback, closer) for rate_many's ``progress`` argument."""
    if progress is None or progress is False:
        return None, lambda: None
    if callable(progress):
        return (lambda done: progress(done, total)), lambda: None
    try:
        from tqdm import tqdm  # optional
    except ImportError:
        tqdm = None
    if tqdm is not None:
        bar = tqdm(total=total, unit="puzzle")
        state = {"done": 0}

        def step(done: int) -> None:
            bar.update(done - state["done"])
            state["done"] = done
        return step, bar.close

    def line(done: int) -> None:
        _sys.stderr.write(f"\rrate: {done}/{total}")
        if done == total:
            _sys.stderr.write("\n")
    return line, lambda: None


def rate_many(puzzles: Iterable[Any], *, jobs: int = 1,
              stochastic: bool = False, shape: Optional[str] = None,
              progress: Any = None,
              max_nodes: int = DEFAULT_MAX_NODES,
              top_work: int = DEFAULT_TOP_WORK) -> List[Any]:
    """Rates many puzzles on ``jobs`` threads (the GIL released), in input
    order, like ``sudoku-forge rate --jobs``. ``max_nodes`` and ``top_work``
    are :func:`rate`'s (a negative one raises ValueError).

    Each entry is a Rating, or a RatingError in the place of a puzzle that
    could not be rated (the batch carries on). ``progress``: None, True (a
    tqdm bar when tqdm is installed, else a line on stderr) or a callable
    ``progress(done, total)``, called from this thread every 50 ms and at
    the end. Ctrl-C (KeyboardInterrupt) or an exception from ``progress``
    stops the batch after the puzzles in hand.
    """
    texts: List[str] = []
    early: Dict[int, RatingError] = {}
    for i, p in enumerate(puzzles):
        try:
            texts.append(_to_text(p))
        except (InvalidPuzzle, TypeError) as e:
            early[i] = RatingError("INVALID", str(e), [])
            texts.append("")
    callback, close = _progress_callback(progress, len(texts))
    try:
        answers = _core.rate_many(texts, _shape(shape), stochastic, int(jobs),
                                  callback, int(max_nodes), int(top_work))
    finally:
        close()
    return [early[i] if i in early else _rating_of(a)
            for i, a in enumerate(answers)]


# ------------------------------------------------ explain, hint, solve, ...

def _raise_if_refused(out: Dict[str, Any]) -> Dict[str, Any]:
    status = out.get("status")
    if status in _REFUSED:
        raise _exception_for(status, out.get("error", ""), [])
    return out


def explain(puzzle: Any, *, techniques: str = "", uniqueness: bool = True,
            guess: bool = True, shape: Optional[str] = None,
            max_nodes: int = DEFAULT_MAX_NODES,
            as_written: bool = False) -> Dict[str, Any]:
    """The human-style solution step by step: ``sudoku-forge explain --json``
    (status, steps with technique, rating and text, er/ep/ed, counts).
    ``max_nodes`` is ``--max-nodes`` (0 = no budget).

    The walk is that of the puzzle's canonical form, mapped back to the cells
    as written, so every isomorph gets the same steps and ratings (the
    rater's). ``as_written=True`` is ``--as-written``: the grid is walked as
    written, as Sudoku Explainer walks it (where steps tie, the first found
    depends on how the puzzle is written), for comparing with ``serate``
    puzzle by puzzle.

    Raises InvalidPuzzle, NoSolution, NotUnique or BudgetExceeded.
    """
    return _raise_if_refused(_json.loads(_core.explain(
        _to_text(puzzle), _shape(shape), techniques, uniqueness, guess,
        int(max_nodes), bool(as_written))))


def hint(puzzle: Any, grid: Any = None, pencil: Optional[str] = None, *,
         shape: Optional[str] = None,
         max_nodes: int = DEFAULT_MAX_NODES) -> Dict[str, Any]:
    """The easiest next step for a user's grid, or the mistake in it:
    ``sudoku-forge hint PUZZLE GRID --pencil=MARKS --json`` (``max_nodes``
    is ``--max-nodes``, 0 = no budget). Raises InvalidPuzzle for unreadable
    input, NoSolution, NotUnique or BudgetExceeded."""
    grid_text = "" if grid is None else _to_text(grid)
    return _raise_if_refused(_json.loads(_core.hint(
        _to_text(puzzle), grid_text, pencil or "", _shape(shape),
        int(max_nodes))))


def _search(puzzle: Any, limit: int, max_nodes: int, solver: str,
            shape: Optional[str]) -> Dict[str, Any]:
    text = _to_text(puzzle)
    out = _json.loads(_core.solve(text, _shape(shape), int(limit),
                                  int(max_nodes), solver))
    if out.get("status") == "INVALID":
        error, _ = _core.parse(text, _shape(shape))
        raise InvalidPuzzle(error)
    return out


def solve(puzzle: Any, limit: int = 2, *, max_nodes: int = 0,
          solver: str = "backtrack", shape: Optional[str] = None) -> str:
    """The solution in line format. ``limit=2`` (default) checks uniqueness
    and raises NotUnique with two solutions; ``limit=1`` returns the first
    solution found. Raises NoSolution, InvalidPuzzle, and BudgetExceeded when
    ``max_nodes`` stops the search first."""
    if limit not in (1, 2):
        raise ValueError("limit must be 1 or 2 (count_solutions counts more)")
    out = _search(puzzle, limit, max_nodes, solver, shape)
    sols = out.get("solutions", [])
    if out.get("status") == "MULTIPLE":
        raise NotUnique("the puzzle has several solutions", sols)
    if out.get("limit_hit"):
        raise BudgetExceeded(
            f"the search stopped at max_nodes={max_nodes} before an answer")
    if not sols:
        raise NoSolution()
    return sols[0]


def count_solutions(puzzle: Any, limit: int = 0, *, max_nodes: int = 10_000_000,
                    shape: Optional[str] = None) -> int:
    """The number of solutions, up to ``limit`` (0 = all), like
    ``sudoku-forge solve --count``. BudgetExceeded when ``max_nodes`` stops
    the count first."""
    out = _search(puzzle, limit, max_nodes, "backtrack", shape)
    if out.get("limit_hit"):
        raise BudgetExceeded(
            f"counting stopped at max_nodes={max_nodes} after "
            f"{out.get('num_solutions', 0)} solutions")
    return int(out.get("num_solutions", 0))


def validate(puzzle: Any, *, shape: Optional[str] = None) -> str:
    """"unique", "multiple" or "none" (``sudoku-forge validate``'s words, the
    JSON status in lower case). Raises
    InvalidPuzzle for unreadable input or clashing givens."""
    out = _search(puzzle, 2, 0, "backtrack", shape)
    return str(out.get("status", "")).lower()


def canonical(puzzle: Any, *, shape: Optional[str] = None) -> str:
    """The canonical (minlex) form (``sudoku-forge canon``): isomorphic
    puzzles share it. Raises InvalidPuzzle, BudgetExceeded."""
    error, key = _core.canonical(_to_text(puzzle), _shape(shape))
    if error.startswith("budget: "):
        raise BudgetExceeded(error[len("budget: "):])
    if error:
        raise InvalidPuzzle(error)
    return key


def generate(count: int = 1, *, level: Optional[str] = None,
             score_min: Optional[float] = None,
             score_max: Optional[float] = None,
             score_target: Optional[float] = None,
             requires: Optional[str] = None,
             shape: Optional[str] = None, symmetry: str = "none",
             seed: int = 1, jobs: int = 1, minimal: bool = True,
             min_clues: int = 0, max_clues: int = 0,
             max_attempts: int = 1000, strict_minimal: bool = False,
             stochastic: bool = False,
             top_work: int = DEFAULT_TOP_WORK) -> Iterator[Dict[str, Any]]:
    """Yields ``count`` puzzles as ``sudoku-forge generate --json`` prints
    them (index, puzzle, solution, clues, seed, and with a difficulty target
    score, level, er): the same seed and options give the CLI's puzzles, for
    any ``jobs``.

    The difficulty target is the CLI's: ``level`` sets the score band,
    ``score_min`` / ``score_max`` narrow it (or make a band without a level),
    ``score_target`` is the preferred score inside it, ``requires`` a
    technique id the puzzle's easiest solution must use (``x_wing``, ...).
    ``strict_minimal`` never puts clues back to make a too-hard puzzle
    easier; ``stochastic`` adds the stochastic solvers' success rates;
    ``top_work`` bounds the rater's nested forcing chains for the top
    (``rate``'s, the CLI's ``--top-work``), so a 9x9 candidate that reaches
    it costs less, graded by the trial estimate where a search runs out.

    ValueError for a bad option (an empty band, an unknown technique) or a
    puzzle not found in ``max_attempts``.
    """
    if count < 1:
        raise ValueError("count must be at least 1")
    chunk = max(4, 2 * int(jobs))
    first = 0
    while first < count:
        args = _core.GenerateArgs()
        args.first = first
        args.count = min(chunk, count - first)
        args.level = level or ""
        if score_min is not None:
            args.score_min = float(score_min)
        if score_max is not None:
            args.score_max = float(score_max)
        args.score_target = None if score_target is None else float(
            score_target)
        args.requires_technique = requires or ""
        args.shape = _shape(shape)
        args.symmetry = symmetry
        args.seed = int(seed)
        args.jobs = int(jobs)
        args.minimal = bool(minimal)
        args.min_clues = int(min_clues)
        args.max_clues = int(max_clues)
        args.max_attempts = int(max_attempts)
        args.strict_minimal = bool(strict_minimal)
        args.stochastic = bool(stochastic)
        args.top_work = int(top_work)
        for text in _core.generate(args):
            yield _json.loads(text)
        first += args.count


# --------------------------------------------------------------------- bank

class BankRow:
    """One stored puzzle: id, puzzle, solution, shape, clues, canonical_key,
    source, label and ``rating`` (its latest Rating, or None)."""

    __slots__ = ("id", "puzzle", "solution", "shape", "clues",
                 "canonical_key", "source", "label", "rating")

    def __init__(self, row: Dict[str, Any]):
        for k in self.__slots__:
            setattr(self, k, row.get(k))
        if self.rating is not None:
            self.rating = Rating(self.rating)

    def to_dict(self) -> Dict[str, Any]:
        """Flat: the puzzle's fields plus score, level, er, ep, ed,
        hardest_technique and expected_minutes of its latest rating."""
        d = {k: getattr(self, k) for k in self.__slots__ if k != "rating"}
        r = self.rating
        for k in ("score", "level", "er", "ep", "ed", "hardest_technique",
                  "expected_minutes", "engine_version"):
            d[k] = getattr(r, k) if r is not None else None
        return d

    def __repr__(self) -> str:
        lvl = self.rating.level if self.rating is not None else None
        return f"BankRow(id={self.id}, level={lvl!r}, puzzle={self.puzzle!r})"


class Bank:
    """The SQLite puzzle bank the CLI's ``--db`` commands use.

    ``Bank(path)`` (readonly=True) opens an existing bank read-only, as the
    CLI's ``stats``, ``list``, ``show`` and ``export`` do: SQLite never
    writes the file, so a bank on a read-only file, in a read-only
    directory or on a read-only volume can be queried. ``readonly=False``
    creates the bank when missing and allows :meth:`rate`.

    Raises FileNotFoundError (no such bank), PermissionError (a write the
    bank refuses: :meth:`rate` on a read-only Bank, or a bank without write
    permission opened with readonly=False), ValueError (not a Sudoku Forge
    bank, or one of a newer schema).
    """

    def __init__(self, path: str, readonly: bool = True):
        self.path = str(path)
        self.readonly = bool(readonly)
        self._bank = None
        self._bank = _core.Bank(self.path, self.readonly)

    def query(self, *, collection: Optional[str] = None,
              level: Optional[str] = None, shape: Optional[str] = None,
              score_min: Optional[float] = None,
              score_max: Optional[float] = None, min_clues: int = 0,
              max_clues: int = 0, limit: int = 0) -> List[BankRow]:
        """Stored puzzles by id, filtered by collection, level and score of
        the latest rating, shape ("3x3") and clue count (0 = no bound)."""
        rows = self._open().query(collection or "", level or "", shape or "",
                                score_min, score_max, int(min_clues),
                                int(max_clues), int(limit))
        return [BankRow(r) for r in rows]

    def dataframe(self, **filters: Any):
        """:meth:`query` as a pandas DataFrame (pandas is optional)."""
        try:
            import pandas as pd
        except ImportError as e:
            raise ImportError("Bank.dataframe needs pandas "
                              "(apt-get install python3-pandas)") from e
        return pd.DataFrame([r.to_dict() for r in self.query(**filters)])

    def collections(self) -> Dict[str, int]:
        """Collection names with member counts."""
        return dict(self._open().collections())

    def rate(self, puzzle: Any, *, collection: Optional[str] = None,
             stochastic: bool = False, shape: Optional[str] = None,
             top_work: int = DEFAULT_TOP_WORK) -> Rating:
        """``sudoku-forge rate --db``: the stored rating of a known puzzle
        (any isomorph), else a new rating, stored with its trace; the puzzle
        joins ``collection`` when given. ``top_work`` is :func:`rate`'s
        (``--top-work``); a stored rating made with another ``top_work`` is
        not reused (it is a rating parameter, stored with the rating)."""
        if self.readonly:
            raise PermissionError(
                f"{self.path}: the bank was opened read-only (readonly=True);"
                " open it with readonly=False to store ratings")
        return _raise_unless_rated(_rating_of(self._open().rate_and_store(
            _to_text(puzzle), _shape(shape), collection or "", stochastic,
            int(top_work))))

    def _open(self):
        if self._bank is None:
            raise ValueError(f"the bank {self.path} is closed")
        return self._bank

    def __enter__(self) -> "Bank":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Closes the database (the object is unusable afterwards)."""
        self._bank = None
