#!/usr/bin/env bash
# Writes the expected Sudoku Explainer hint lists of the static-chains test
# (deduction/se_static_chains_test.cc): compiles research/se_oracle/
# SeHintList.java against SE 1.2.1's classes (serate 1.2.1.3, built offline
# by ../shared/peers/build.sh; needs a JDK), runs it on every grid of
# tests/data/se_static_grids.txt and stores the lists in
# tests/data/se_static_chains.txt. The test itself reads only that file.
#
#   research/se_static_golden.sh [SHARED_DIR]    # default ../shared
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${1:-$root/../shared}"
peers="${SUDOKU_PEERS_DIR:-${TMPDIR:-/tmp}/sudoku-peers}"
in="$root/tests/data/se_static_grids.txt"
out="$root/tests/data/se_static_chains.txt"
[[ -f "$peers/serate/classes/SeSteps.class" ]] || "$shared/peers/build.sh" "$peers" >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac -d "$work" -cp "$peers/serate/classes" "$root/research/se_oracle/SeHintList.java"
mkdir -p "$peers/serate/prefs/.userPrefs"
{
  echo "# Sudoku Explainer 1.2.1's chaining hint lists (research/se_oracle/SeHintList.java),"
  echo "# written by research/se_static_golden.sh from tests/data/se_static_grids.txt."
  echo "# '# grid LEVEL VALUES CANDS', then one hint a line: rating, complexity, removals."
  grep -v '^#' "$in" | grep . | while read -r level values cands; do
    echo "# grid $level $values $cands"
    java -Djava.awt.headless=true -Djava.util.prefs.userRoot="$peers/serate/prefs" \
      -cp "$peers/serate/classes:$work" SeHintList "$values" "$cands" "$level"
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(grep -c '^# grid' "$out") grids)"
