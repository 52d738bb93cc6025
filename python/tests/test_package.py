"""Tests of the Python package against the built CLI (ctest label python).

Run through ctest, which sets PYTHONPATH to the built package and
SUDOKU_FORGE_CLI to the built sudoku-forge binary.
"""

import json
import math
import os
import random
import subprocess
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


def test_rate_many_progress_true_reports(capsys):
    try:
        import tqdm  # noqa: F401
        pytest.skip("tqdm installed: it draws the bar")
    except ImportError:
        pass
    sf.rate_many([WIKI] * 3, progress=True)
    assert "rate: 3/3" in capsys.readouterr().err


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
    with pytest.raises((FileNotFoundError, ValueError)):
        sf.Bank(str(tmp_path / "missing.db"))
    assert not (tmp_path / "missing.db").exists()


def test_bank_dataframe_when_pandas_is_installed(tmp_path):
    pd = pytest.importorskip("pandas")
    db = tmp_path / "b.db"
    sf.Bank(str(db), readonly=False).rate(WIKI)
    df = sf.Bank(str(db)).dataframe()
    assert isinstance(df, pd.DataFrame)
    assert list(df["puzzle"]) == [WIKI]
