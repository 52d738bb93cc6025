// Chains: X-chains, XY-chains, remote pairs and alternating inference
// chains (AIC), plain and with grouped (box-line) nodes.
//
// All of them search one graph of candidates ("nodes"): a strong link A=B
// says at least one of A, B is true (the only two places of a digit in a
// unit, or the only two digits of a cell); a weak link A-B says at most one
// is (two places of a digit in one unit, two digits of one cell). A chain
// A=B-C=...=Z, strong links at both ends, proves "A or Z": every candidate
// weakly linked to both A and Z goes (and if Z is A itself, A is placed).
// The kinds restrict the links:
//
//   kind           strong links          weak links            SE base
//   kX  (x_chain)  one digit, units      one digit, units      6.6
//   kXY (xy_chain) bivalue cells         one digit, units      6.6
//   kAic (aic)     units and cells       units and cells       7.0
//   kGroupedAic    + box-line groups     + box-line groups     7.1
//
// A node of grouped_aic may be a group: the cells of one box-line
// intersection holding the digit (2 or more); it is true when the digit is
// in one of them. Discontinuous nice loops are the chains whose ends share a
// cell or are the same candidate; continuous loops are not reported as such
// (their eliminations come out as several chains).
//
// Search: for each start candidate, breadth-first over (node, true/false)
// states, so every end is reached by a shortest chain; at most
// kMaxChainNodes nodes. The links between candidates are those of
// deduction/links.h (built once per grid for every chain and cycle kind).
// Find() returns the lowest-rated deduction, rated base + LengthBonus(nodes)
// (docs/DEDUCTION_CHAINS.md).
#ifndef SUDOKU_DEDUCTION_CHAINS_H_
#define SUDOKU_DEDUCTION_CHAINS_H_

#include <optional>
#include <string>
#include <vector>

#include "deduction/util.h"

namespace sudoku {

// The longest chain searched, in nodes (candidates or groups).
inline constexpr int kMaxChainNodes = 24;

// Sudoku Explainer's chain length modifier (ChainingHint.getLengthDifficulty):
// +0.1 each time `length` passes a threshold 4, 6, 8, 12, 16, 24, 32, ...
double LengthBonus(int length);
// base + bonus rounded to one decimal.
double ChainRating(double base, int length);

// "r2c3,r5c2<>5; r1c1<>7": eliminations grouped by digit, chain notation.
std::string ChainEliminationText(const Shape& shape,
                                 const std::vector<CellDigit>& elims);

// Empties `num` adjacency lists (resizing the outer vector) and keeps each
// list's memory: the grouped chain graph is rebuilt on every search.
void ResetAdjacency(std::vector<std::vector<int>>* adjacency, size_t num);

enum class ChainKind { kX, kXY, kAic, kGroupedAic };

class ChainTechnique : public Technique {
 public:
  ChainTechnique(TechniqueId tid, ChainKind kind)
      : Technique(tid), kind_(kind) {}
  std::optional<Deduction> Find(const Board& board) const override;
  void FindAll(const Board& board, std::vector<Deduction>* out) const override;

 private:
  // Appends the deductions found: every one when `all`, else the lowest
  // rated.
  void Search(const Board& board, bool all, std::vector<Deduction>* out) const;
  ChainKind kind_;
};

// Remote pairs: bivalue cells holding the same pair {x,y}, each seeing the
// next: alternate cells hold the same digit, so a cell seeing two cells an
// odd number of steps apart (opposite colours) holds neither x nor y. SE
// rates the same reasoning as an XY-chain (6.6 + length bonus on the cells
// of the pair chain used).
class RemotePairs : public ScanningTechnique {
 public:
  using ScanningTechnique::ScanningTechnique;

 protected:
  void Scan(const Board& board, const UnitIndex& index,
            DeductionSink emit) const override;
};

}  // namespace sudoku

#endif  // SUDOKU_DEDUCTION_CHAINS_H_
