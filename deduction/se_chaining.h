// Sudoku Explainer 1.2.1's multiple and dynamic forcing chains, as SE finds
// and rates them (the se ladder's rungs from 8.0 up; docs/DEDUCTION.md).
//
// A literal is a candidate assumed on or off. From an assumption, SE's
// propagation expands every pending "on" literal before the next pending
// "off" one (so the chain that reaches a literal first is not always the
// shortest):
//   on  X      => X's cell's other candidates off, then X's digit off in
//                 X's box, row and column (in that order);
//   off X      static:  the other candidate of a cell that had two, and the
//                       other place of a box/row/column that had two, on;
//              dynamic: X leaves the branch's grid when it is expanded; a
//                       cell (unit) left with one candidate (place) turns it
//                       on, with every candidate (place) gone as its
//                       parents.
//   level 1    ("+", dynamic only): when nothing is pending, the first of
//              SE's inner rules with an elimination on the branch's grid
//              turns the eliminations of all its steps off (its
//              placements on); their parents are the candidates the
//              branch removed that the step needs gone (SE's rule parents:
//              a chain's, those of the cells and units that force its
//              candidates on; pointing, claiming, fish: its digit's places
//              in the base units outside the covers; a hidden pair: its
//              digits' other places in its unit; a naked pair: its cells'
//              other candidates); a step with none is left out. Level 1:
//              SE's basic rules (pointing and claiming, hidden pair, naked
//              pair, X-wing: with triples, quads, swordfish and jellyfish
//              too, "+" finds steps where SE's needs level 2);
//              SE's nested levels add forcing chains inside:
//   level 2    + SE's forcing chains and cycles (x_cycle, y_cycle, x_chain,
//              bidirectional_cycle, aic: one rule, sorted by rating and
//              complexity);
//   level 3    + those and SE's cell/region forcing chains
//              (se_forcing_chains);
//   level 4    + SE's dynamic forcing chains (se_dynamic_chains) instead
//              of both (they cover them);
//   level 5    + those and the level-2 nested chains.
//   A literal an inner chain produced carries that chain as a nested step.
// A clash is a candidate set both on and off.
//
// Steps (all found, then the least rated; ties: the smaller complexity,
// then the first found, cells in order):
//   cell      every candidate of a cell implies the same literal;
//   region    every place of a digit in a unit implies the same literal
//             (the unit is looked at from its first place's cell);
//   both only from cells of three or more candidates (static) or two or
//   more (dynamic);
//   dynamic only: X on clashes (X removed), X off clashes (X placed), and,
//             for cells of three or more, X on and X off imply the same.
// Complexity: the distinct literals among the target's ancestors in every
// branch, summed (a clash: those of its on and its off literal), plus the
// complexity of every distinct nested step among them (each counted once
// over all the branches). Rating:
// base + LengthBonus(complexity - 2); base 8.0 static, 8.5 dynamic, and
// 8.5 + 0.5 x level above (9.0 "+", 9.5, 10.0, 10.5, 11.0).
// Levels 1 and up run only when no other technique of the ladder has a
// step (LastResort()): SE tries them after every other producer.
// Nested in a branch (levels 3-5), a forcing-chain search lists only the
// steps the branch applies: those with parents there that remove a
// candidate no earlier one removes; the rest are rated but not built (a
// static one does not even run the cell and region steps that cannot have
// parents there, judged from what each literal reaches on the outer
// board; runs not made count no work). A run without inner techniques is
// kept and restored when a search repeats it, counting the same work. A
// lean search without inner techniques (se_forcing_chains in the branches
// of level 3, se_dynamic_chains in those of levels 4 and 5) also restores
// the runs made on the outer board where they read nothing the two grids
// differ in: the candidates of the cells whose literals a run expands, and
// those literals' digits' places in the cells' units (ShareOuterRuns).
// On boards larger than 9x9 a search stops after kMaxSeChainWork literal
// expansions and reports the best step found so far (or none); a level 1+
// search, nested ones included, after its work budget (SetWorkBudget).
#ifndef SUDOKU_DEDUCTION_SE_CHAINING_H_
#define SUDOKU_DEDUCTION_SE_CHAINING_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "deduction/registry.h"
#include "deduction/technique.h"

namespace sudoku {

// Rows "se_forcing_chains" (static), "se_dynamic_chains" (dynamic),
// "dynamic_forcing_chain_plus" (dynamic, level 1) and the nested rows
// (levels 2-5). The first two's steps carry the ids cell_forcing_chain /
// unit_forcing_chain (static) and dynamic_forcing_chain, as SE names them
// Cell / Region / Dynamic Forcing Chains; the others their own id.
class SeForcingChains : public Technique {
 public:
  // `level` 1-5: see above (dynamic only).
  SeForcingChains(TechniqueId tid, bool dynamic, int level = 0);
  std::optional<Deduction> Find(const Board& board) const override;
  // Every step of the search, in SE's order of its hint list (rating,
  // complexity, kind); what SE's rule hands a branch it is nested in.
  void FindAll(const Board& board, std::vector<Deduction>* out) const override;
  bool LastResort() const override { return level_ > 0; }
  // Levels 1+: the work of one Find(), the searches nested in its branches
  // included, in literal expansions (DeductionOptions::max_nodes; <= 0: no
  // limit). Past it the search stops and reports the best step found so
  // far, or none (then the walk guesses).
  void SetWorkBudget(int64_t max_work) override { max_work_ = max_work; }
  // Whether the lean searches nested in this one's branches, at any depth,
  // restore runs made on their outer board (see above; on by default). The
  // steps and the work counted are the same either way: off is for tests
  // and measurements.
  void ShareOuterRuns(bool on);

 private:
  // The best step on `board`, or (`all` given) every step into *all; at
  // levels 1 and up under the work budget.
  std::optional<Deduction> Search(const Board& board,
                                  std::vector<Deduction>* all) const;

  bool dynamic_;
  int level_;
  int64_t max_work_ = DeductionOptions::kDefaultMaxNodes;
  bool share_runs_ = true;
  // Applied inside the branches (level >= 1); the first num_basics_ are the
  // basic techniques, the rest forcing chains (nested steps). SE's rule k
  // is inner_[group_ends_[k-1], group_ends_[k]).
  std::vector<std::unique_ptr<Technique>> inner_;
  size_t num_basics_ = 0;
  std::vector<size_t> group_ends_;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_SE_CHAINING_H_
