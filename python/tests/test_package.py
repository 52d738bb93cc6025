"""Tests of the Python package against the built CLI (ctest label python).

Run through ctest, which sets PYTHONPATH to the built package and
SUDOKU_FORGE_CLI to the built sudoku-forge binary.
"""

import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import sudoku_forge as sf

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
CLI = os.environ.get("SUDOKU_FORGE_CLI", "")

WIKI = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28...."
        "419..5....8..79")
MULTIPLE = ("4..76..12782.15.49.6142837.51...47633......28..693....2...4....14"
            "75932866........")
# Row 1 needs its 9 in r1c9, which column 9 already holds: no solution.
NONE = "12345678." + "........9" + "." * 63


def cli(*args, check=True):
    """Runs the built CLI; returns (exit code, stdout lines)."""
    if not CLI:
        pytest.fail("SUDOKU_FORGE_CLI is not set (run through ctest)")
    r = subprocess.run([CLI, *args], capture_output=True, text=True,
                       timeout=600)
    if check and r.returncode not in (0, 1):
        pytest.fail(f"sudoku-forge {' '.join(args)}: exit {r.returncode}: "
                    f"{r.stderr}")
    return r.returncode, [l for l in r.stdout.splitlines() if l.strip()]


def sample_puzzles(n):
    lines = [l.split()[0] for l in (DATA / "isomorph_puzzles.txt").read_text()
             .splitlines() if l.strip() and not l.startswith("#")]
    return [WIKI] + lines[:: max(1, len(lines) // n)][:n]


def without_where(d):
    d = dict(d)
    d.pop("where", None)
    return d


def transposed(line):
    n = math.isqrt(len(line))
    return "".join(line[c * n + r] for r in range(n) for c in range(n))


def to_rows(line):
    n = math.isqrt(len(line))
    return [[0 if ch == "." else int(ch) for ch in line[r * n:(r + 1) * n]]
            for r in range(n)]


# ------------------------------------------------ outputs equal the CLI's

def test_rate_equals_cli_json(tmp_path):
    puzzles = sample_puzzles(6)
    f = tmp_path / "p.txt"
    f.write_text("\n".join(puzzles) + "\n")
    code, lines = cli("rate", "--json", "--no-stochastic", str(f))
    assert code == 0
    assert len(lines) == len(puzzles)
    for p, line in zip(puzzles, lines):
        r = sf.rate(p)
        assert r.to_dict() == without_where(json.loads(line))
        assert r.to_json() == json.dumps(r.to_dict(), separators=(",", ":")) \
            or json.loads(r.to_json()) == r.to_dict()


def test_fields_read_before_the_json_equal_the_jsons():
    # sf.rate builds the JSON answer only when asked; the fields it reads
    # straight from the engine's result must be the JSON's.
    fast = sorted(sf.Rating._FAST)
    for p in sample_puzzles(6):
        early = sf.rate(p)
        values = {name: getattr(early, name) for name in fast}
        d = sf.rate(p).to_dict()
        for name in fast:
            expected = d.get(name, 0)
            assert values[name] == expected, (p, name)
            assert type(values[name]) is type(getattr(sf.Rating(
                json.dumps(d)), name)), (p, name)
        assert early.to_dict() == d


def test_stochastic_rate_equals_cli_json():
    code, lines = cli("rate", "--json", WIKI)
    assert code == 0
    r = sf.rate(WIKI, stochastic=True)
    assert r.solver_success  # the solvers ran
    assert r.to_dict() == without_where(json.loads(lines[0]))


def test_verdicts_equal_cli_json():
    for p in (MULTIPLE, NONE):
        code, lines = cli("rate", "--json", "--no-stochastic", p)
        assert code == 1
        [entry] = sf.rate_many([p])
        assert not entry.ok
        assert entry.to_dict() == without_where(json.loads(lines[0]))


def test_explain_equals_cli_json():
    code, lines = cli("explain", "--json", WIKI)
    assert code == 0
    want = without_where(json.loads(lines[0]))
    want.pop("label", None)
    assert sf.explain(WIKI) == want


def test_generate_equals_cli():
    code, lines = cli("generate", "--count=5", "--seed=42", "--json",
                      "--jobs=2")
    assert code == 0
    got = list(sf.generate(5, seed=42, jobs=1))
    assert got == [json.loads(l) for l in lines]


def test_level_generate_equals_cli():
    code, lines = cli("generate", "--count=2", "--seed=3", "--level=hard",
                      "--json")
    assert code == 0
    got = list(sf.generate(2, level="hard", seed=3, jobs=2))
    assert got == [json.loads(l) for l in lines]
    assert all(g["level"] == "hard" for g in got)


def test_score_range_generate_equals_cli():
    code, lines = cli("generate", "--count=3", "--seed=4", "--score-min=6.0",
                      "--score-max=6.5", "--json", "--jobs=2")
    assert code == 0
    got = list(sf.generate(3, seed=4, score_min=6.0, score_max=6.5, jobs=1))
    assert got == [json.loads(l) for l in lines]
    assert all(6.0 <= g["score"] <= 6.5 for g in got)
    # A level narrowed by a range, with a preferred score inside it.
    code, lines = cli("generate", "--count=2", "--seed=8", "--level=medium",
                      "--score-max=6.05", "--score-target=6.0", "--json")
    assert code == 0
    got = list(sf.generate(2, seed=8, level="medium", score_max=6.05,
                           score_target=6.0, jobs=2))
    assert got == [json.loads(l) for l in lines]
    assert all(g["level"] == "medium" and g["score"] <= 6.05 for g in got)


def test_requires_generate_equals_cli():
    code, lines = cli("generate", "--count=2", "--seed=4",
                      "--requires=x_wing", "--json")
    assert code == 0
    got = list(sf.generate(2, seed=4, requires="x_wing", jobs=2))
    assert got == [json.loads(l) for l in lines]
    # The easiest solution of each uses an X-Wing (explain's ladder).
    for g in got:
        steps = sf.explain(g["puzzle"])["steps"]
        assert any(s.get("technique") == "x_wing" for s in steps), g["puzzle"]
    code, lines = cli("generate", "--count=2", "--seed=6",
                      "--requires=x_wing", "--strict-minimal", "--json")
    assert code == 0
    got = list(sf.generate(2, seed=6, requires="x_wing", strict_minimal=True))
    assert got == [json.loads(l) for l in lines]


def test_generate_target_errors_are_the_clis():
    for flags, kwargs in ((["--score-min=7", "--score-max=6"],
                           dict(score_min=7, score_max=6)),
                          (["--requires=no_such_technique"],
                           dict(requires="no_such_technique"))):
        r = subprocess.run([CLI, "generate", "--count=1", *flags],
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 2
        with pytest.raises(ValueError) as e:
            list(sf.generate(1, **kwargs))
        assert str(e.value) in r.stderr


def test_canonical_and_validate_equal_cli():
    _, lines = cli("canon", WIKI)
    assert sf.canonical(WIKI) == lines[0]
    assert sf.validate(WIKI) == "unique"
    assert sf.validate(MULTIPLE) == "multiple"
    assert sf.validate(NONE) == "none"
    _, lines = cli("solve", "--format=line", WIKI)
    assert sf.solve(WIKI) == lines[0].split()[0]


def test_hint_equals_cli_json():
    _, lines = cli("hint", "--json", WIKI)
    assert sf.hint(WIKI) == json.loads(lines[0])


# ------------------------------------------------------------- rate_many

def test_rate_many_jobs_2_equals_jobs_1_with_errors_in_place():
    puzzles = sample_puzzles(10)
    puzzles.insert(3, "not a puzzle x")
    puzzles.insert(5, MULTIPLE)
    puzzles.append(to_rows(WIKI))
    one = sf.rate_many(puzzles, jobs=1)
    two = sf.rate_many(puzzles, jobs=2)
    assert [e.to_dict() for e in one] == [e.to_dict() for e in two]
    assert not one[3].ok and isinstance(one[3].exception, sf.InvalidPuzzle)
    assert not one[5].ok and isinstance(one[5].exception, sf.NotUnique)
    assert one[-1].ok and one[-1] == one[0]
    assert sum(e.ok for e in one) == len(puzzles) - 2


def test_rate_many_progress_and_its_errors():
    seen = []
    sf.rate_many([WIKI] * 5, jobs=2, progress=lambda d, t: seen.append((d, t)))
    # Called as the count grows (at most every 50 ms), last with the total.
    assert seen and seen[-1] == (5, 5)
    assert all(t == 5 for _, t in seen)
    assert [d for d, _ in seen] == sorted(set(d for d, _ in seen))

    def boom(done, total):
        raise RuntimeError("stop here")
    with pytest.raises(RuntimeError, match="stop here"):
        sf.rate_many([WIKI] * 4, jobs=2, progress=boom)


def run_python(code, *, hide=(), user=None):
    """Runs `code` in a fresh interpreter with the modules `hide` made
    unimportable (as if not installed); returns the CompletedProcess."""
    prelude = "import sys\n" + "".join(
        f"sys.modules[{m!r}] = None\n" for m in hide)
    return subprocess.run([sys.executable, "-c", prelude + code],
                          capture_output=True, text=True, timeout=600,
                          env=dict(os.environ), user=user)


def test_rate_many_progress_true_draws_a_tqdm_bar(capsys):
    pytest.importorskip("tqdm")
    sf.rate_many([WIKI] * 3, progress=True)
    err = capsys.readouterr().err
    assert "3/3 [" in err and "puzzle/s" in err  # tqdm's bar, unit "puzzle"
    assert "rate: 3/3" not in err


def test_rate_many_progress_true_without_tqdm():
    r = run_python(
        "import sudoku_forge as sf\n"
        f"out = sf.rate_many([{WIKI!r}] * 3, progress=True)\n"
        "assert [e.ok for e in out] == [True] * 3\n"
        "assert 'tqdm' not in sys.modules or sys.modules['tqdm'] is None\n",
        hide=("tqdm",))
    assert r.returncode == 0, r.stderr
    assert "rate: 3/3" in r.stderr
    assert "puzzle/s" not in r.stderr


def test_rate_many_stops_on_keyboard_interrupt():
    import signal
    import threading
    puzzles = sample_puzzles(50) * 40
    seen = []
    timer = threading.Timer(0.3, lambda: signal.raise_signal(signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            sf.rate_many(puzzles, jobs=2, progress=lambda d, t: seen.append(d))
    finally:
        timer.cancel()
    # Stopped part way (not raised after the whole batch).
    assert not seen or seen[-1] < len(puzzles)


# ------------------------------------------------------------ exceptions

def test_invalid_puzzle_carries_line_and_column():
    with pytest.raises(sf.InvalidPuzzle) as e:
        sf.rate(WIKI[:16] + "x" + WIKI[17:])
    assert e.value.line == 1 and e.value.column == 17
    assert "unexpected character 'x'" in str(e.value)


def test_invalid_puzzle_carries_clashing_cells():
    clash = "55" + "." * 79
    with pytest.raises(sf.InvalidPuzzle) as e:
        sf.rate(clash)
    assert e.value.cells == [(1, 1), (1, 2)]
    assert "both hold 5" in e.value.message


def test_invalid_puzzle_wrong_cell_count():
    with pytest.raises(sf.InvalidPuzzle) as e:
        sf.validate("1" * 80)
    assert "got 80" in str(e.value)


def test_invalid_array_names_row_and_column():
    rows = to_rows(WIKI)
    rows[2][4] = 10
    with pytest.raises(sf.InvalidPuzzle) as e:
        sf.rate(rows)
    assert (e.value.line, e.value.column) == (3, 5)
    rows = to_rows(WIKI)
    rows[4] = rows[4][:8]
    with pytest.raises(sf.InvalidPuzzle) as e:
        sf.rate(rows)
    assert e.value.line == 5
    rows = to_rows(WIKI)
    rows[0][2] = 5  # r1c1 holds 5 too
    with pytest.raises(sf.InvalidPuzzle) as e:
        sf.rate(rows)
    assert (1, 1) in e.value.cells and (1, 3) in e.value.cells


def test_not_unique_carries_two_solutions():
    with pytest.raises(sf.NotUnique) as e:
        sf.rate(MULTIPLE)
    assert len(e.value.solutions) == 2
    assert e.value.solutions[0] != e.value.solutions[1]
    with pytest.raises(sf.NotUnique):
        sf.solve(MULTIPLE)


def test_no_solution():
    with pytest.raises(sf.NoSolution):
        sf.rate(NONE)
    with pytest.raises(sf.NoSolution):
        sf.solve(NONE)


def test_budget_exceeded():
    with pytest.raises(sf.BudgetExceeded):
        sf.count_solutions("." * 81, max_nodes=100)
    with pytest.raises(sf.BudgetExceeded):
        sf.solve("." * 81, max_nodes=5)


def test_max_nodes_bounds_rate_explain_hint_and_rate_many():
    # An empty grid: the count to two cannot settle within 5 nodes.
    empty = "." * 81
    for call in (sf.rate, sf.explain, sf.hint):
        with pytest.raises(sf.BudgetExceeded) as e:
            call(empty, max_nodes=5)
        assert "max_nodes" in str(e.value), call.__name__
    out = sf.rate_many([WIKI, empty], max_nodes=5)
    assert out[0].ok
    assert not out[1].ok and out[1].status == "BUDGET_EXCEEDED"
    assert isinstance(out[1].exception, sf.BudgetExceeded)
    # The CLI's --max-nodes gives the same verdict.
    code, lines = cli("rate", "--json", "--no-stochastic", "--max-nodes=5",
                      empty)
    assert code == 1 and json.loads(lines[0])["status"] == "BUDGET_EXCEEDED"
    # A budget a real puzzle fits in, and 0 = none, rate as the default does.
    want = sf.rate(WIKI).score
    assert sf.rate(WIKI, max_nodes=10_000).score == want
    assert sf.rate(WIKI, max_nodes=0).score == want
    assert sf.explain(WIKI, max_nodes=0)["status"] == "SOLVED"
    assert sf.hint(WIKI, max_nodes=0)["status"] == "STEP"


# rater/rater_test.cc's kHardest: the default ladder needs guesses, and SE's
# ladder finishes it only with its nested forcing chains.
NESTED = ("........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5."
          "2..7......6.")


def test_top_work_1_grades_the_top_by_the_trial_estimate():
    # Starved first: were the shared raters not keyed on top_work, the
    # default rating below would reuse this rater (or this one the default's)
    # and the two scores would be equal.
    starved = sf.rate(NESTED, top_work=1)
    full = sf.rate(NESTED)
    # The walk the rater makes for the top (SE's ladder on the canonical
    # form, no guessing) finishes at the default budget, so the default top
    # is SE's ER; at top_work=1 no nested search finds a step and the top
    # is the trial estimate of the stuck board: another score.
    walk = sf.explain(sf.canonical(NESTED), techniques="se", guess=False)
    assert walk["status"] == "SOLVED"
    assert not full.solved_by_logic and not starved.solved_by_logic
    assert full.level == starved.level == "extreme"
    assert starved.score != full.score
    # top_er is that walk's ER at the default budget (where er, the default
    # ladder's, rates its guesses 20.0), the estimate at top_work=1; both
    # are extreme's (top_er >= 9.0).
    assert full.top_er == walk["er"]
    assert starved.top_er != full.top_er
    assert min(full.top_er, starved.top_er) >= 9.0
    assert full.er == 20.0
    # Its repr names top_er where it is not er (not below the top).
    assert repr(full).endswith(f", top_er={full.top_er})")
    assert "top_er" not in repr(sf.rate(WIKI))
    # Only the top moved: the default ladder's trace is the same.
    assert (starved.er, starved.technique_counts) == (
        full.er, full.technique_counts)
    # rate_many passes top_work through, and the CLI's --top-work agrees.
    assert sf.rate_many([NESTED], top_work=1)[0] == starved
    _, lines = cli("rate", "--json", "--no-stochastic", "--top-work=1",
                   NESTED)
    assert without_where(json.loads(lines[0])) == starved.to_dict()


def test_default_budgets_are_the_clis():
    # The package's budgets come from the engine, as the CLI's flags do: the
    # defaults --help prints for --max-nodes and --top-work.
    code, lines = cli("rate", "--help")
    assert code == 0
    defaults = {}
    for line in lines:
        m = re.match(r"\s*--(max-nodes|top-work)=VALUE .*\(default: (\d+)\)$",
                     line)
        if m:
            defaults[m.group(1)] = int(m.group(2))
    assert defaults == {"max-nodes": sf.DEFAULT_MAX_NODES,
                        "top-work": sf.DEFAULT_TOP_WORK}


def test_negative_top_work_is_a_value_error(tmp_path):
    for call in (sf.rate, lambda p, **kw: sf.rate_many([p], **kw)):
        with pytest.raises(ValueError, match="top_work must be at least 0"):
            call(WIKI, top_work=-1)
    with sf.Bank(str(tmp_path / "b.db"), readonly=False) as bank:
        with pytest.raises(ValueError, match="top_work must be at least 0"):
            bank.rate(WIKI, top_work=-1)
        # top_work is a rating parameter: a rating stored with another
        # budget is not reused, one stored with the same budget is.
        assert not bank.rate(WIKI).from_store
        assert not bank.rate(WIKI, top_work=1).from_store
        assert bank.rate(WIKI, top_work=1).from_store


def test_verdict_words_are_the_clis():
    # README "Verdict words": the JSON status words of every command, and
    # validate's text words (their lower case), for the same puzzles.
    for puzzle, word in ((MULTIPLE, "MULTIPLE"), (NONE, "NONE")):
        for command in ("validate", "rate", "explain", "hint"):
            _, lines = cli(command, "--json", puzzle)
            assert json.loads(lines[0])["status"] == word, command
        assert sf.validate(puzzle) == word.lower()
        assert sf.rate_many([puzzle])[0].status == word
        exception = sf.NotUnique if word == "MULTIPLE" else sf.NoSolution
        for call in (sf.rate, sf.explain, sf.hint):
            with pytest.raises(exception):
                call(puzzle)


def test_bad_options_are_value_errors():
    with pytest.raises(ValueError):
        sf.rate(WIKI, shape="7x1")
    with pytest.raises(ValueError):
        list(sf.generate(1, level="impossible"))
    with pytest.raises(ValueError):
        list(sf.generate(1, symmetry="spiral"))


def test_no_input_crashes_the_interpreter():
    rng = random.Random(5)
    junk = ["", "\0" * 81, "\ufeff" + WIKI, "9" * 10000, "." * 81,
            [[1, 2], [3]], [[-1] * 9] * 9, [[10] * 9] * 9, [1.5] * 81,
            [[None] * 9] * 9, 42, None, b"\xff\xfe" * 50, [[]], [],
            "1 2 3\n4 5\n"]
    junk += ["".join(rng.choice("123456789.x|-+ \n\0") for _ in range(
        rng.randrange(1, 200))) for _ in range(200)]
    for j in junk:
        for call in (sf.rate, sf.validate, sf.canonical, sf.explain, sf.hint):
            try:
                call(j)
            except (sf.SudokuForgeError, ValueError, TypeError):
                pass
    assert len(sf.rate_many(junk, jobs=2)) == len(junk)


# ------------------------------------------------------- inputs agree

def test_numpy_and_string_inputs_agree():
    np = pytest.importorskip("numpy")
    grid = np.array(to_rows(WIKI), dtype=np.int64)
    assert sf.rate(grid) == sf.rate(WIKI)
    assert sf.rate(grid.tolist()) == sf.rate(WIKI)
    assert sf.rate(grid.flatten()) == sf.rate(WIKI)
    # A pasted grid reads the same too.
    rows = [WIKI[i:i + 9] for i in range(0, 81, 9)]
    assert sf.rate("\n".join(rows)) == sf.rate(WIKI)


def test_numpy_inputs_of_other_shapes():
    np = pytest.importorskip("numpy")
    small = next(sf.generate(1, shape="2x2", seed=9))["puzzle"]
    assert sf.rate(np.array(to_rows(small))) == sf.rate(small)
    big = next(sf.generate(1, shape="4x4", seed=9, minimal=False,
                           min_clues=180))["puzzle"]
    symbols = "123456789ABCDEFG"
    grid = np.array([[0 if c == "." else symbols.index(c) + 1
                      for c in big[r * 16:(r + 1) * 16]] for r in range(16)])
    assert sf.solve(grid) == sf.solve(big)
    assert sf.canonical(grid) == sf.canonical(big)
    six = next(sf.generate(1, shape="3x2", seed=9))["puzzle"]
    rows = [[0 if c == "." else int(c) for c in six[r * 6:(r + 1) * 6]]
            for r in range(6)]
    assert sf.solve(np.array(rows), shape="3x2") == sf.solve(six, shape="3x2")


# ------------------------------------------------------ isomorphs

def test_isomorphic_puzzles_give_equal_ratings():
    for p in sample_puzzles(5):
        a, b = sf.rate(p), sf.rate(transposed(p))
        assert a.puzzle != b.puzzle
        for field in ("score", "level", "er", "ep", "ed", "hardest_technique",
                      "technique_counts", "expected_minutes", "player_effort"):
            assert getattr(a, field) == getattr(b, field), field
        assert a.canonical_key == b.canonical_key


# tests/testing/puzzles.h's kHardPuzzle (tests/data/deduction_puzzles.txt),
# the puzzle of explain --as-written's CLI test: its walk as written takes
# other steps than its canonical form's.
HARD = ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4."
        "9........")


def steps_of(walk, key):
    return [s[key] for s in walk["steps"]]


def test_explain_as_written_walks_the_grid_as_given():
    hard_t = transposed(HARD)
    plain, plain_t = sf.explain(HARD), sf.explain(hard_t)
    written = sf.explain(HARD, as_written=True)
    written_t = sf.explain(hard_t, as_written=True)
    for walk in (plain, plain_t, written, written_t):
        assert walk["status"] == "SOLVED"
    # The default walk is the canonical form's: one walk for both isomorphs.
    assert plain["er"] == plain_t["er"]
    assert steps_of(plain, "rating") == steps_of(plain_t, "rating")
    # As written, the two isomorphs get walks of their own (so the equality
    # above is not one every walk of this puzzle would pass) ...
    assert steps_of(written, "rating") != steps_of(written_t, "rating")
    # ... and this puzzle as written takes other steps than the default walk.
    assert steps_of(written, "text") != steps_of(plain, "text")

    # The walk is of the grid as written: it ends in the puzzle's solution,
    # and every placement, the first step's included, is in a cell empty in
    # the puzzle as written with that cell's digit of the solution.
    solution = sf.solve(HARD)
    assert written["puzzle"] == HARD
    assert written["final_grid"] == solution
    first = written["steps"][0]
    assert first["placements"]
    placed = [p for s in written["steps"] for p in s.get("placements", [])]
    assert len(placed) == HARD.count(".")
    for p in placed:
        r, c = (int(x) for x in p["cell"][1:].split("c"))
        i = (r - 1) * 9 + (c - 1)
        assert HARD[i] == "." and int(solution[i]) == p["digit"], p

    # The same answer as the CLI's explain --json --as-written.
    code, lines = cli("explain", "--json", "--as-written", HARD)
    assert code == 0
    want = without_where(json.loads(lines[0]))
    want.pop("label", None)
    assert written == want


def test_expected_minutes_is_the_score_as_time():
    r = sf.rate(WIKI)
    assert r.expected_minutes == pytest.approx(math.exp(r.score) / 60)
    assert sf.expected_minutes(r.score) == pytest.approx(r.expected_minutes)
    assert r.engine_version == sf.engine_version()


# ------------------------------------------------------------- the bank

def test_bank_round_trip_between_cli_and_package(tmp_path):
    db = tmp_path / "bank.db"
    cli_puzzles = sample_puzzles(3)
    f = tmp_path / "p.txt"
    f.write_text("\n".join(cli_puzzles) + "\n")
    code, cli_lines = cli("rate", "--json", "--no-stochastic", f"--db={db}",
                          str(f))
    assert code == 0
    with sf.Bank(str(db)) as bank:
        rows = bank.query()
        assert [r.puzzle for r in rows] == cli_puzzles
        for row, line in zip(rows, cli_lines):
            stored = without_where(json.loads(line))
            assert row.rating.score == stored["score"]
            assert row.rating.level == stored["level"]
            assert row.rating.expected_minutes == pytest.approx(
                stored["expected_minutes"])
        with pytest.raises(PermissionError):
            bank.rate(WIKI)
    # The package writes; the CLI reads.
    extra = next(sf.generate(1, seed=11, level="easy"))["puzzle"]
    writer = sf.Bank(str(db), readonly=False)
    made = writer.rate(extra, collection="from-python")
    assert made.puzzle_id > 0 and not made.from_store
    again = writer.rate(transposed(extra))
    assert again.from_store and again.puzzle_id == made.puzzle_id
    assert writer.collections() == {"from-python": 1}
    writer.close()
    code, lines = cli("rate", "--json", "--no-stochastic", f"--db={db}", extra)
    assert code == 0
    d = json.loads(lines[0])
    assert d["from_store"] and int(d["puzzle_id"]) == made.puzzle_id
    assert d["score"] == made.score
    code, lines = cli("export", f"--db={db}", "--collection=from-python")
    assert lines == [extra]
    # Queries by level, score and clues.
    bank = sf.Bank(str(db))
    easy = bank.query(level="easy")
    assert extra in [r.puzzle for r in easy]
    assert all(r.rating.level == "easy" for r in easy)
    lo = min(r.rating.score for r in bank.query())
    assert all(r.rating.score >= lo + 0.01
               for r in bank.query(score_min=lo + 0.01))
    assert all(r.clues >= 30 for r in bank.query(min_clues=30))
    assert bank.query(collection="from-python")[0].puzzle == extra


def test_bank_shared_by_threads(tmp_path):
    import threading
    bank = sf.Bank(str(tmp_path / "t.db"), readonly=False)
    puzzles = sample_puzzles(8)
    got = {}

    def work(k):
        got[k] = [bank.rate(p).score for p in puzzles[k::4]]
        bank.query()
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.puzzle for r in bank.query()) == sorted(set(puzzles))
    for k in range(4):
        assert got[k] == [sf.rate(p).score for p in puzzles[k::4]]
    bank.close()
    with pytest.raises(ValueError, match="closed"):
        bank.query()


def test_bank_missing_file_is_an_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="missing.db"):
        sf.Bank(str(tmp_path / "missing.db"))
    assert not (tmp_path / "missing.db").exists()


def small_bank(path, puzzles):
    with sf.Bank(str(path), readonly=False) as bank:
        for i, p in enumerate(puzzles):
            bank.rate(p, collection="odd" if i % 2 else "even")


def test_bank_dataframe_when_pandas_is_installed(tmp_path):
    pd = pytest.importorskip("pandas")
    db = tmp_path / "b.db"
    puzzles = sample_puzzles(4)
    small_bank(db, puzzles)
    bank = sf.Bank(str(db))
    df = bank.dataframe()
    assert isinstance(df, pd.DataFrame)
    assert list(df["puzzle"]) == puzzles
    rows = bank.query()
    assert list(df["score"]) == [r.rating.score for r in rows]
    assert list(df["level"]) == [r.rating.level for r in rows]
    assert list(df["clues"]) == [r.clues for r in rows]
    assert list(df["expected_minutes"]) == [r.rating.expected_minutes
                                            for r in rows]
    # The filters are query's.
    odd = bank.dataframe(collection="odd")
    assert list(odd["puzzle"]) == puzzles[1::2]
    assert list(bank.dataframe(min_clues=30)["puzzle"]) == [
        r.puzzle for r in bank.query(min_clues=30)]


def test_bank_without_pandas(tmp_path):
    db = tmp_path / "b.db"
    small_bank(db, sample_puzzles(2))
    r = run_python(
        "import sudoku_forge as sf\n"
        f"bank = sf.Bank({str(db)!r})\n"
        "print(len(bank.query()))\n"
        "try:\n"
        "    bank.dataframe()\n"
        "except ImportError as e:\n"
        "    print('ImportError:', e)\n",
        hide=("pandas",))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "3"
    assert lines[1].startswith("ImportError:") and "python3-pandas" in lines[1]


def test_package_imports_neither_pandas_nor_tqdm():
    r = run_python(
        "import sudoku_forge as sf\n"
        f"sf.rate({WIKI!r}); sf.rate_many([{WIKI!r}], jobs=2)\n"
        "print(sorted(m for m in ('pandas', 'tqdm', 'matplotlib')"
        " if m in sys.modules))\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


# Bank(path) (readonly) on a bank without write permission: run as an
# unprivileged user, since root ignores file permissions.
READ_ONLY_CHECK = """
import json, sudoku_forge as sf
path = PATH
out = {}
with sf.Bank(path) as bank:
    out["puzzles"] = [r.puzzle for r in bank.query()]
    out["levels"] = [r.rating.level for r in bank.query()]
    out["collections"] = bank.collections()
    try:
        bank.rate(NEW)
    except PermissionError as e:
        out["rate"] = "PermissionError: " + str(e)
try:
    sf.Bank(path, readonly=False).rate(NEW)
    out["writer"] = "wrote"
except PermissionError as e:
    out["writer"] = "PermissionError: " + str(e)
print(json.dumps(out))
"""


def read_only_bank_dir():
    """A directory an unprivileged user can enter (tmp_path is root's
    private one when the tests run as root)."""
    d = Path(tempfile.mkdtemp(prefix="sf-ro-"))
    d.chmod(0o755)
    return d


@pytest.mark.parametrize("what", ["file", "file and directory"])
def test_read_only_bank_can_be_queried(what):
    d = read_only_bank_dir()
    bank_dir = d / "bank"
    bank_dir.mkdir()
    db = bank_dir / "bank.db"
    puzzles = sample_puzzles(3)
    small_bank(db, puzzles)
    assert not Path(str(db) + "-wal").exists()  # closed: checkpointed
    before = db.read_bytes()
    want_levels = [r.rating.level for r in sf.Bank(str(db)).query()]
    for side in ("-wal", "-shm"):  # left by that reader: not in the test
        Path(str(db) + side).unlink(missing_ok=True)
    db.chmod(0o444)
    user = 65534 if os.geteuid() == 0 else None  # nobody
    if what == "file and directory":
        bank_dir.chmod(0o555)
    elif user is not None:
        os.chown(bank_dir, user, -1)  # the directory is the user's
    try:
        new = next(sf.generate(1, seed=123))["puzzle"]  # not in the bank
        r = run_python(f"PATH = {str(db)!r}\nNEW = {new!r}\n" +
                       READ_ONLY_CHECK, user=user)
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert out["puzzles"] == puzzles
        assert out["levels"] == want_levels
        assert out["collections"] == {"even": len(puzzles[0::2]),
                                      "odd": len(puzzles[1::2])}
        assert out["rate"].startswith("PermissionError: ")
        assert "read-only" in out["rate"]
        # Opened for writing, the bank refuses in words, naming the file.
        assert out["writer"].startswith("PermissionError: ")
        assert "read-only" in out["writer"] and "bank.db" in out["writer"]
        assert db.read_bytes() == before
        if what == "file and directory":  # no side files could be made
            assert [p.name for p in bank_dir.iterdir()] == ["bank.db"]
        else:  # a reader's WAL side files at most, no transaction in them
            wal = Path(str(db) + "-wal")
            assert not wal.exists() or wal.stat().st_size == 0
    finally:
        bank_dir.chmod(0o755)
        db.chmod(0o644)
        for p in bank_dir.iterdir():
            p.unlink()
        bank_dir.rmdir()
        d.rmdir()


def test_readonly_bank_writes_nothing(tmp_path):
    db = tmp_path / "b.db"
    small_bank(db, sample_puzzles(2))
    before = db.read_bytes()
    with sf.Bank(str(db)) as bank:
        assert len(bank.query(limit=2)) == 2
        with pytest.raises(PermissionError, match="read-only"):
            bank.rate(WIKI)
    assert db.read_bytes() == before
    # SQLite's WAL readers may leave the -wal and -shm side files, but no
    # transaction was written.
    wal = tmp_path / "b.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0
