// Prints the hint list of one of Sudoku Explainer 1.2.1's chaining rules on
// a grid with pencil marks, as the rule hands it to a caller (sorted by
// rating, complexity and kind; one hint per set of removals): the oracle of
// deduction/se_static_chains_test.cc, run by research/se_static_golden.sh
// against SE's classes built by ../shared/peers/build.sh. Not part of the
// engine.
//
// args: VALUES (81 chars, '.' empty) CANDS (81 comma-separated digit sets)
//       LEVEL (-1: the static forcing chains and cycles; -2: the multiple
//       (cell and region) forcing chains; 0-5: the dynamic forcing chains
//       of that nesting level)
// Output: one line per hint: rating, complexity, removals ("r1c2-5 r3c4-6",
// by cell then digit).
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import diuf.sudoku.Cell;
import diuf.sudoku.Grid;
import diuf.sudoku.solver.rules.chaining.Chaining;
import diuf.sudoku.solver.rules.chaining.ChainingHint;

public class SeHintList {
    static String removals(ChainingHint h) {
        List<String> parts = new ArrayList<String>();
        for (Map.Entry<Cell, BitSet> e : h.getRemovablePotentials().entrySet()) {
            Cell c = e.getKey();
            BitSet v = e.getValue();
            for (int d = v.nextSetBit(0); d >= 0; d = v.nextSetBit(d + 1))
                parts.add(String.format("r%dc%d-%d", c.getY() + 1, c.getX() + 1, d));
        }
        Collections.sort(parts, (a, b) -> key(a) - key(b));
        return String.join(" ", parts);
    }
    static int key(String p) {  // "r1c2-5" by cell, then digit
        int c = p.indexOf('c'), m = p.indexOf('-');
        int row = Integer.parseInt(p.substring(1, c)), col = Integer.parseInt(p.substring(c + 1, m));
        return ((row - 1) * 9 + col - 1) * 10 + Integer.parseInt(p.substring(m + 1));
    }
    public static void main(String[] a) throws Exception {
        String values = a[0];
        String[] cands = a[1].split(",", -1);
        int level = Integer.parseInt(a[2]);
        Grid grid = new Grid();
        for (int i = 0; i < 81; i++) {
            Cell c = grid.getCell(i % 9, i / 9);
            c.clearPotentialValues();
            char ch = values.charAt(i);
            if (ch >= '1' && ch <= '9') {
                c.setValue(ch - '0');
                continue;
            }
            for (char d : cands[i].toCharArray()) c.addPotentialValue(d - '0');
        }
        Chaining rule = level == -1 ? new Chaining(false, false, false, 0)
                      : level == -2 ? new Chaining(true, false, false, 0)
                                    : new Chaining(true, true, false, level);
        Method m = Chaining.class.getDeclaredMethod("getHintList", Grid.class);
        m.setAccessible(true);
        @SuppressWarnings("unchecked")
        List<ChainingHint> hints = (List<ChainingHint>) m.invoke(rule, grid);
        // What getHints hands on: equal hints (same removals) once.
        for (ChainingHint h : new LinkedHashSet<ChainingHint>(hints))
            System.out.println(String.format("%.1f\t%d\t%s", h.getDifficulty(), h.getComplexity(), removals(h)));
    }
}
