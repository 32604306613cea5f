// SV-COMP verification witnesses, format 2.0 and 2.1 (YAML), written from checked evidence and read back:
//  * a violation witness (`violation_sequence`) for FALSE: one `function_return` waypoint per value the
//    trace's __VERIFIER_nondet_* calls return (`\result == V`, at the call's closing parenthesis), in
//    execution order, then the `target` waypoint at the call of the error function;
//  * a correctness witness (`invariant_set`) for TRUE: a `loop_invariant` per loop of the input program
//    (a cycle made only of goto: at its label) whose head the certificate speaks about, the invariant as a
//    C expression over source variables (what the certificate says there that C can express: see
//    CExpression.h); and, for a certificate with
//    procedure contracts (a recursive program's proof), a `function_contract` per function of the format
//    2.1 (`requires` over the parameters and globals, `ensures` also over `\old(x)` and `\result`).
//    A witness without contracts stays in format 2.0.
// Only evidence that certify accepted is written; evidence that cannot be said in the format gives no
// witness (with the reason), never a wrong one.
#pragma once

#include <optional>
#include <string>

#include "ir/Evidence.h"
#include "ir/Program.h"

namespace argus::witness {

enum class WitnessFormat { Yaml, GraphMl };  // format 2.0, or the older GraphML 1.0 (GraphMl.h)

/// What the metadata of every witness names: the producer and the task; and the format to write.
struct WitnessMetadata {
  std::string producerVersion;
  std::string commandLine;  // may be empty
  WitnessFormat format = WitnessFormat::Yaml;
};

struct WitnessText {
  std::optional<std::string> yaml;  // the witness, or nothing
  std::string whyNot;               // why there is none
};

/// The witness of a certified result of a C program (violation for a replayed trace, correctness for a
/// checked certificate); nothing for UNKNOWN or for a program that did not come from C.
WitnessText writeWitness(const ir::Program& program, const ir::Result& result, const WitnessMetadata& metadata);

/// A waypoint of a violation witness, in either format.
struct Waypoint {
  std::string type;  // function_return or target
  int line = 0, column = 0;
  std::string function;    // the function the waypoint is in
  std::string constraint;  // function_return: "\\result == V"
  std::string callee;      // function_return: the __VERIFIER_nondet_* function that returned
};

/// What a correctness witness says at one loop head, in C.
struct LoopInvariant {
  ir::LocId loc;
  std::string value;
};

/// What a correctness witness says of one function: its contract, in C ("1" for a side that says nothing).
struct FunctionContract {
  ir::ProcId proc;
  std::string requiresClause, ensuresClause;
  std::string format = "ext_c_expression";  // or "acsl_expression" (see Arithmetic in CExpression.h)
};

/// "YYYY-MM-DDThh:mm:ssZ", now.
std::string creationTime();

/// "G ! call(reach_error())" for the program's error function.
std::string specificationOf(const ir::Program& program);

/// Do the two paths name the same file (debug information names files as clang was given them)?
bool sameFile(const std::string& a, const std::string& b);

/// Lower-case hex SHA-256 of a file's bytes; throws InputError when it cannot be read.
std::string sha256OfFile(const std::string& path);

}  // namespace argus::witness
