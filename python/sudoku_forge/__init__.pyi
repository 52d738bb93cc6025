"""Type stub of sudoku_forge (see the module's docstrings: help(sudoku_forge))."""
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

__version__: str

Puzzle = Union[str, bytes, Sequence[int], Sequence[Sequence[int]], Any]  # Any: numpy arrays

class SudokuForgeError(Exception): ...

class InvalidPuzzle(SudokuForgeError, ValueError):
    message: str
    line: Optional[int]
    column: Optional[int]
    cells: List[Tuple[int, int]]
    def __init__(self, message: str) -> None: ...

class NotUnique(SudokuForgeError):
    message: str
    solutions: List[str]
    def __init__(self, message: str, solutions: List[str]) -> None: ...

class NoSolution(SudokuForgeError):
    message: str
    def __init__(self, message: str = ...) -> None: ...

class BudgetExceeded(SudokuForgeError):
    message: str
    def __init__(self, message: str) -> None: ...

class Rating:
    ok: bool
    score: float
    level: str
    er: float
    ep: float
    ed: float
    top_er: float
    hardest_technique: str
    technique_counts: Dict[str, int]
    solver_success: Dict[str, float]
    expected_minutes: float
    engine_version: str
    canonical_key: str
    puzzle: str
    solution: str
    clues: int
    solved_by_logic: bool
    player_effort: float
    search_effort: float
    from_store: bool
    puzzle_id: int
    def __init__(self, json_text: str) -> None: ...
    def to_json(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]: ...

class RatingError:
    ok: bool
    status: str
    error: str
    solutions: List[str]
    @property
    def exception(self) -> SudokuForgeError: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def to_json(self) -> str: ...

def engine_version() -> str: ...
def expected_minutes(score: float) -> float: ...
def read_puzzles(text: str, *, shape: Optional[str] = ...) -> List[str]: ...
DEFAULT_MAX_NODES: int
DEFAULT_TOP_WORK: int

def rate(puzzle: Puzzle, *, stochastic: bool = ..., shape: Optional[str] = ...,
         explain: bool = ..., max_nodes: int = ...,
         top_work: int = ...) -> Rating: ...
def rate_many(puzzles: Iterable[Puzzle], *, jobs: int = ..., stochastic: bool = ...,
              shape: Optional[str] = ...,
              progress: Union[None, bool, Callable[[int, int], Any]] = ...,
              max_nodes: int = ..., top_work: int = ...
              ) -> List[Union[Rating, RatingError]]: ...
def explain(puzzle: Puzzle, *, techniques: str = ..., uniqueness: bool = ...,
            guess: bool = ..., shape: Optional[str] = ...,
            max_nodes: int = ..., as_written: bool = ...) -> Dict[str, Any]: ...
def hint(puzzle: Puzzle, grid: Optional[Puzzle] = ..., pencil: Optional[str] = ..., *,
         shape: Optional[str] = ..., max_nodes: int = ...) -> Dict[str, Any]: ...
def solve(puzzle: Puzzle, limit: int = ..., *, max_nodes: int = ..., solver: str = ...,
          shape: Optional[str] = ...) -> str: ...
def count_solutions(puzzle: Puzzle, limit: int = ..., *, max_nodes: int = ...,
                    shape: Optional[str] = ...) -> int: ...
def validate(puzzle: Puzzle, *, shape: Optional[str] = ...) -> str: ...
def canonical(puzzle: Puzzle, *, shape: Optional[str] = ...) -> str: ...
def generate(count: int = ..., *, level: Optional[str] = ...,
             score_min: Optional[float] = ..., score_max: Optional[float] = ...,
             score_target: Optional[float] = ..., requires: Optional[str] = ...,
             shape: Optional[str] = ..., symmetry: str = ..., seed: int = ...,
             jobs: int = ..., minimal: bool = ..., min_clues: int = ...,
             max_clues: int = ..., max_attempts: int = ...,
             strict_minimal: bool = ...,
             stochastic: bool = ..., top_work: int = ...) -> Iterator[Dict[str, Any]]: ...

class BankRow:
    id: int
    puzzle: str
    solution: Optional[str]
    shape: str
    clues: int
    canonical_key: str
    source: str
    label: str
    rating: Optional[Rating]
    def to_dict(self) -> Dict[str, Any]: ...

class Bank:
    path: str
    readonly: bool
    def __init__(self, path: str, readonly: bool = ...) -> None: ...
    def query(self, *, collection: Optional[str] = ..., level: Optional[str] = ...,
              shape: Optional[str] = ..., score_min: Optional[float] = ...,
              score_max: Optional[float] = ..., min_clues: int = ..., max_clues: int = ...,
              limit: int = ...) -> List[BankRow]: ...
    def dataframe(self, **filters: Any) -> Any: ...
    def collections(self) -> Dict[str, int]: ...
    def rate(self, puzzle: Puzzle, *, collection: Optional[str] = ...,
             stochastic: bool = ..., shape: Optional[str] = ...,
             top_work: int = ...) -> Rating: ...
    def close(self) -> None: ...
    def __enter__(self) -> "Bank": ...
    def __exit__(self, *exc: Any) -> None: ...
