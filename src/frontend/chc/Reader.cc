// The CHC reader. Two passes over the text: our S-expression scanner checks the command structure and
// records declarations and the line of every assert; Z3 then parses the accepted commands (the others
// blanked out, so Z3's line numbers still match the file) plus one probe assertion per declaration, which
// gives us the Z3 declaration of every predicate, used in a clause or not.
#include "frontend/chc/Reader.h"

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <unordered_map>

#include "frontend/chc/Normalize.h"
#include "frontend/chc/SExpr.h"
#include "frontend/chc/SmtText.h"
#include "util/Error.h"

namespace argus::chc {
namespace {

struct Declaration {
  std::string name;      // without quotes
  std::string spelling;  // as written (|name| or name)
  int line = 0;
  std::vector<std::string> sortTexts;
  bool isConst = false;  // declare-const
};

struct Script {
  std::vector<Declaration> decls;
  std::vector<int> assertLines;
  std::string z3Text;
  bool sawLogic = false;
};

class ScriptReader {
 public:
  ScriptReader(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  Script read() {
    checkCharacters();
    Script s;
    std::string kept(text_.size(), ' ');
    size_t keptEnd = 0;
    bool sawCheckSat = false;
    for (auto& cmd : parseSExprs(text_, file_)) {
      std::string head = cmd.head();
      if (head.empty()) fail(cmd.line, "expected a command such as (assert ...), found " + excerpt(cmd));
      if (head == "exit") break;
      if (isIgnored(head)) continue;
      if (head == "assert" && sawCheckSat)
        fail(cmd.line, "assert after (check-sat): argus answers one query per file");
      if (head == "check-sat" && sawCheckSat) fail(cmd.line, "a second (check-sat): argus answers one query per file");
      interpret(cmd, head, s);
      sawCheckSat = sawCheckSat || head == "check-sat";
      kept.replace(cmd.begin, cmd.end - cmd.begin, text_, cmd.begin, cmd.end - cmd.begin);
      keptEnd = cmd.end;
    }
    if (!sawCheckSat) {
      size_t last = text_.find_last_not_of(" \t\r\n");
      fail(lineOf(text_, last == std::string::npos ? 0 : last), "missing (check-sat): the file is incomplete (truncated?)");
    }
    // Keep the newlines so that Z3's line numbers are the file's.
    for (size_t i = 0; i < keptEnd; ++i)
      if (text_[i] == '\n') kept[i] = '\n';
    s.z3Text = kept.substr(0, keptEnd) + "\n" + probes(s.decls);
    return s;
  }

 private:
  [[noreturn]] void fail(int line, const std::string& what) const { throw InputError(file_, line, what); }

  void checkCharacters() const {
    for (size_t i = 0; i < text_.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(text_[i]);
      if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "0x%02x", c);
        fail(lineOf(text_, i), std::string("unexpected control character ") + buf + " (not a text file?)");
      }
    }
  }

  std::string excerpt(const SExpr& e) const { return quoteInput(text_.substr(e.begin, std::min<size_t>(e.end - e.begin, 41)), 40); }

  static bool isIgnored(const std::string& head) {
    static const std::set<std::string> ignored = {"set-info",  "set-option",     "get-info", "get-model",
                                                  "get-proof", "get-option",     "echo",     "get-assertions",
                                                  "get-value", "get-unsat-core", "get-assignment"};
    return ignored.count(head) > 0;
  }

  void interpret(const SExpr& cmd, const std::string& head, Script& s) {
    if (head == "set-logic") {
      if (cmd.items.size() != 2 || cmd.items[1].isList) fail(cmd.line, "malformed set-logic");
      if (cmd.items[1].atom != "HORN")
        fail(cmd.line, "unsupported logic " + cmd.items[1].atom + ": argus reads Horn clauses, (set-logic HORN)");
      s.sawLogic = true;
    } else if (head == "declare-fun" || head == "declare-const") {
      s.decls.push_back(declaration(cmd, head == "declare-const"));
    } else if (head == "assert") {
      s.assertLines.push_back(cmd.line);
    } else if (head != "define-fun" && head != "define-sort" && head != "check-sat" && head != "declare-sort" &&
               head != "declare-datatype" && head != "declare-datatypes") {
      // Sorts and datatypes are declared to Z3 as written; whether they are solved is decided by the
      // sorts the clauses use (ChcSystem::unsolved), so that a declared but unused datatype costs nothing.
      fail(cmd.line, "unsupported command (" + head + " ...)");
    }
  }

  Declaration declaration(const SExpr& cmd, bool isConst) const {
    size_t expected = isConst ? 3 : 4;
    if (cmd.items.size() != expected || cmd.items[1].isList || (!isConst && !cmd.items[2].isList))
      fail(cmd.line, "malformed " + cmd.head());
    Declaration d;
    d.name = cmd.items[1].atom;
    d.spelling = cmd.items[1].quoted ? "|" + d.name + "|" : d.name;
    d.line = cmd.line;
    d.isConst = isConst;
    if (!isConst)
      for (auto& sort : cmd.items[2].items) d.sortTexts.push_back(text_.substr(sort.begin, sort.end - sort.begin));
    return d;
  }

  /// One assertion per declaration that mentions it, so that Z3 hands us its declaration.
  static std::string probes(const std::vector<Declaration>& decls) {
    std::ostringstream out;
    for (auto& d : decls) {
      if (d.sortTexts.empty()) {
        out << "(assert (= " << d.spelling << " " << d.spelling << "))\n";
        continue;
      }
      std::string vars, app = "(" + d.spelling;
      for (size_t i = 0; i < d.sortTexts.size(); ++i) {
        std::string v = "|argus probe " + std::to_string(i) + "|";
        vars += "(" + v + " " + d.sortTexts[i] + ")";
        app += " " + v;
      }
      app += ")";
      out << "(assert (forall (" << vars << ") (= " << app << " " << app << ")))\n";
    }
    return out.str();
  }

  const std::string& text_;
  const std::string& file_;
};

/// Z3 reports `(error "line 4 column 7: unknown constant Q")`.
[[noreturn]] void throwZ3Error(const std::string& file, int lastLine, const std::string& message) {
  static const std::regex pattern("line ([0-9]+) column ([0-9]+): ([^\"\n]*)");
  std::smatch m;
  if (std::regex_search(message, m, pattern)) {
    int line = std::stoi(m[1].str());
    std::string what = m[3].str();
    while (!what.empty() && what.back() == ' ') what.pop_back();
    if (line > lastLine) line = 0;  // inside our probes: a declaration Z3 did not like
    throw InputError(file, line, "column " + m[2].str() + ": " + what);
  }
  std::string what = message;
  for (char& c : what)
    if (c == '\n') c = ' ';
  throw InputError(file, 0, "Z3 cannot parse the file: " + what);
}

z3::func_decl probedDecl(const z3::expr& probe) {
  z3::expr eq = probe.is_quantifier() ? probe.body() : probe;
  return eq.arg(0).decl();
}

void addPredicates(ChcSystem& sys, const Script& script, const z3::expr_vector& parsed,
                   std::unordered_map<unsigned, PredId>& predOfDecl) {
  size_t first = script.assertLines.size();
  std::unordered_map<std::string, int> seen;
  for (size_t k = 0; k < script.decls.size(); ++k) {
    const Declaration& d = script.decls[k];
    z3::func_decl decl = probedDecl(parsed[static_cast<int>(first + k)]);
    if (!decl.range().is_bool()) {
      if (d.isConst || decl.arity() == 0)
        throw InputError(sys.file, d.line, "uninterpreted constant " + d.name + " of sort " +
                                               sortText(decl.range()) +
                                               " is not supported: clause variables must be bound by forall");
      throw InputError(sys.file, d.line, "uninterpreted function " + d.name + " is not a predicate (its result sort is " +
                                             sortText(decl.range()) + ")");
    }
    for (unsigned i = 0; i < decl.arity(); ++i) sys.noteUnsolved(unsolvedSortReason(decl.domain(i)));
    if (seen.count(d.name))
      throw InputError(sys.file, d.line,
                       "predicate " + d.name + " is declared twice (first at line " + std::to_string(seen[d.name]) + ")");
    seen[d.name] = d.line;
    PredId id = static_cast<PredId>(sys.preds.size());
    sys.preds.push_back(Predicate{id, d.name, decl, d.line});
    predOfDecl[decl.id()] = id;
  }
}

}  // namespace

ChcSystem readChcString(const std::string& text, const std::string& file, std::shared_ptr<z3::context> ctx,
                        Logger* log) {
  Script script = ScriptReader(text, file).read();
  if (!script.sawLogic && log) log->warn("chc", "{}: no (set-logic HORN); reading the asserts as Horn clauses", file);
  ChcSystem sys{ctx ? std::move(ctx) : std::make_shared<z3::context>(), file, {}, {}, {}};
  z3::expr_vector parsed(*sys.ctx);
  try {
    parsed = sys.ctx->parse_string(script.z3Text.c_str());
  } catch (const z3::exception& e) {
    throwZ3Error(file, lineOf(text, text.size()), e.msg());
  }
  INVARIANT(parsed.size() == script.assertLines.size() + script.decls.size(),
            "Z3 returned " + std::to_string(parsed.size()) + " assertions for " +
                std::to_string(script.assertLines.size()) + " asserts and " + std::to_string(script.decls.size()) +
                " probes");
  std::unordered_map<unsigned, PredId> predOfDecl;
  addPredicates(sys, script, parsed, predOfDecl);
  ClauseNormalizer normalizer(sys, std::move(predOfDecl));
  for (unsigned i = 0; i < script.assertLines.size(); ++i)
    for (auto& c : normalizer.normalize(parsed[static_cast<int>(i)], script.assertLines[i], i))
      sys.clauses.push_back(std::move(c));
  for (const std::string& what : normalizer.unsolved()) sys.noteUnsolved(what);
  return sys;
}

ChcSystem readChcFile(const std::string& path, std::shared_ptr<z3::context> ctx, Logger* log) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return readChcString(text.str(), path, std::move(ctx), log);
}

}  // namespace argus::chc
