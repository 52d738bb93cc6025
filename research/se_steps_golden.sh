#!/usr/bin/env bash
# Writes the expected Sudoku Explainer step lists of the SE step-by-step test
# (deduction/se_steps_test.cc): runs ../shared/peers/se-steps.sh (SE 1.2.1
# through serate 1.2.1.3; needs Java, built offline by ../shared/peers/build.sh)
# on every puzzle of tests/data/se_steps_puzzles.txt and stores its output in
# tests/data/se_steps.txt. The test itself reads only that file.
#
#   research/se_steps_golden.sh [SHARED_DIR]    # default ../shared
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${1:-$root/../shared}"
in="$root/tests/data/se_steps_puzzles.txt"
out="$root/tests/data/se_steps.txt"
[[ -x "$shared/peers/se-steps.sh" ]] || { echo "se_steps_golden: no $shared/peers/se-steps.sh" >&2; exit 2; }
{
  echo "# Sudoku Explainer 1.2.1 step lists (../shared/peers/se-steps.sh), written by"
  echo "# research/se_steps_golden.sh from tests/data/se_steps_puzzles.txt. Columns: step,"
  echo "# rating, running ER, SE's technique, conclusion (rXcY=D placed, rXcY-DD removed), text."
  grep -v '^#' "$in" | grep . | while read -r puzzle; do
    "$shared/peers/se-steps.sh" "$puzzle" 2>/dev/null
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(grep -c '^# puzzle' "$out") puzzles)"
