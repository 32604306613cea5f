// ir::Program → SMT-LIB 2 Horn clauses ((set-logic HORN), one predicate per location), so that any CHC
// solver can decide a program: `sat` means safe, `unsat` means an error location is reachable.
//
// A program with one procedure and no calls: one predicate per location over the procedure's scope;
// the entry holds for every state, each edge is a clause, edges into the error location are queries.
//
// With procedures: per procedure f a summary predicate f(params@entry, globals@entry, results,
// globals, err) and per location a predicate over (params@entry, globals@entry, scope). err = true says
// the call ended in an error location (its own, or a callee's: errors propagate up through every call
// site), so main's summary with err = true is the one query. Entries are unconstrained (summaries hold
// for every input), which is sound because an error only counts when a caller's call reaches it.
//
// Edges marked `unsupported` are written as error edges (as engines treat them) and listed in a comment:
// `unsat` for such a file may be caused by them.
#pragma once

#include <string>

#include "ir/Program.h"

namespace argus::chc {

/// The SMT-LIB text; `headerComment` (may be empty) is written first, each line prefixed with ';'.
std::string writeHorn(const ir::Program& program, const std::string& headerComment = "");

/// Writes writeHorn() to `path`; throws InputError when the file cannot be written.
void writeHornFile(const ir::Program& program, const std::string& path, const std::string& headerComment = "");

}  // namespace argus::chc
