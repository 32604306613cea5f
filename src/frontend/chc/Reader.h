// Reading CHC-COMP style SMT-LIB files ((set-logic HORN), declare-fun of predicates, asserted Horn
// clauses, one (check-sat)) into a normalised ChcSystem.
//
// Everything the reader does not accept is an InputError naming the file, the line and what is wrong:
// Z3 syntax errors (with Z3's message), other logics than HORN, uninterpreted functions or constants that are not predicates, clauses with two positive predicate
// literals, quantifiers inside constraints, unsupported commands (push/pop, ...), assertions after
// (check-sat), and a missing (check-sat). The last is an error rather than a warning because a file
// without it is most likely truncated, and answering a truncated problem would answer the wrong question.
// A missing (set-logic) is only a warning (Z3 and CHC-COMP solvers accept it; nothing is guessed).
// Algebraic datatypes, uninterpreted sorts and other sorts Z3 parses but the engines do not solve are read
// (CHC-COMP expects an answer line, not an input error): the system lists them in ChcSystem::unsolved.
#pragma once

#include <memory>
#include <string>

#include "frontend/chc/ChcSystem.h"
#include "util/Logger.h"

namespace argus::chc {

/// Reads a file; `ctx` may be null (a fresh context is created). Warnings go to `log` if given.
ChcSystem readChcFile(const std::string& path, std::shared_ptr<z3::context> ctx = nullptr, Logger* log = nullptr);

/// Reads SMT-LIB text; `file` names it in messages.
ChcSystem readChcString(const std::string& text, const std::string& file,
                        std::shared_ptr<z3::context> ctx = nullptr, Logger* log = nullptr);

}  // namespace argus::chc
