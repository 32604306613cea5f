// Block encodings of a single-procedure program: how much of the program one abstraction step covers.
//
//   SBE  the program as given (one edge per basic-block segment): the analysis abstracts after every edge.
//   LBE  large-block encoding (Beyer, Cimatti, Griggio, Keremoglu, Sebastiani, FMCAD 2009): the error
//        location becomes a sink, then the sequence rule (a location with one incoming edge is removed,
//        its incoming edge composed with each outgoing one) and the choice rule (parallel edges become
//        one disjunctive edge) run to a fixpoint, so every loop-free region becomes one edge.
//   ABE  adjustable-block encoding at loop heads: LBE, then every remaining location that is not a loop
//        head (nor entry, exit, error or a kept location) is removed as well by composing each incoming
//        with each outgoing edge, so that abstraction happens only at loop heads (and kept locations).
//
// The result is an ordinary ir::Program over the same variables (same ids, same Z3 constants), so
// predicates and invariants carry over: BlockBackTranslator puts an invariant of an encoded location at
// the input location it stands for (the removed locations need none, as every cycle of the input still
// passes through a kept one). Traces need more care, because a merged edge stands for many paths that may
// consume different nondet inputs. Two modes:
//   exact inputs  the choice rule merges two edges only when their input lists agree and they mark the
//                 same unsupported feature, so every encoded edge lists exactly the inputs that each of
//                 its paths consumes, in order: traces of the encoded program are checkable as they are;
//   all choices   the choice rule merges every pair of parallel edges (the FMCAD 2009 rule, fewer and
//                 larger blocks); a trace of the encoded program is then mapped back to the input
//                 program with expandTrace (BlockTrace.h) before it is checked.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/Program.h"
#include "transforms/BackTranslation.h"

namespace argus::transforms {

enum class BlockEncoding { Sbe, Lbe, Abe };
const char* toString(BlockEncoding kind);
/// "sbe", "lbe" or "abe"; throws std::invalid_argument otherwise.
BlockEncoding parseBlockEncoding(const std::string& name);

struct BlockEncodingOptions {
  BlockEncoding kind = BlockEncoding::Lbe;
  /// Locations of the input that are never summarised away (e.g. inlined call and return points);
  /// under ABE they are abstraction points like the loop heads.
  std::vector<ir::LocId> keep;
  /// ABE: a location whose removal would create more than this many edges (incoming × outgoing) stays.
  size_t maxProduct = 64;
  /// See above: true keeps encoded traces directly checkable, false merges all parallel edges.
  bool exactInputs = true;
};

struct EncodedProgram {
  std::shared_ptr<ir::Program> program;
  /// For each location of the encoded program: the input location it stands for (kNone for a fresh
  /// entry added because the input's entry had incoming edges).
  std::vector<ir::LocId> sourceLoc;
  /// For each edge of the encoded program: the input edges it summarises (sorted, each once).
  std::vector<std::vector<ir::EdgeId>> sourceEdges;
};

/// Encodes the main procedure of `program`, which must consist of that one procedure without calls
/// (inline first); throws UnsupportedError otherwise. The encoded entry never has incoming edges.
EncodedProgram encodeBlocks(const ir::Program& program, const BlockEncodingOptions& options);

/// Maps evidence about an encoded program back to the program that was encoded (`source`, which must
/// outlive the translator; `keepAlive` may own it).
class BlockBackTranslator : public BackTranslator {
 public:
  BlockBackTranslator(const ir::Program& source, EncodedProgram encoded,
                      std::shared_ptr<const ir::Program> keepAlive = nullptr)
      : keepAlive_(std::move(keepAlive)), source_(source), encoded_(std::move(encoded)) {}
  /// Invariants move to the input locations their encoded locations stand for (a fresh entry's is
  /// dropped: the entry's own invariant is implicit).
  ir::Certificate certificate(const ir::Certificate& onResult) const override;
  /// expandTrace (BlockTrace.h): a path of the source through every encoded step.
  std::optional<ir::Trace> trace(const ir::Trace& onResult, const smt::SolverConfig& solver) const override;
  const EncodedProgram& encoded() const { return encoded_; }

 private:
  std::shared_ptr<const ir::Program> keepAlive_;
  const ir::Program& source_;
  EncodedProgram encoded_;
};

}  // namespace argus::transforms
