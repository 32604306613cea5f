// libFuzzer harness of the CHC front end: SMT-LIB Horn text → readChcString → toProgram. What the reader
// accepts must become a program that validates, and the Horn clauses argus writes for that program must
// read back: the writer's output is input to other solvers and to argus itself.
#include "FuzzCheck.h"
#include "frontend/chc/Reader.h"
#include "frontend/chc/ToProgram.h"
#include "frontend/chc/Writer.h"

using namespace argus;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string input = fuzz::text(data, size);
  std::string written;
  fuzz::accepted(
      [&] {
        chc::ChcSystem system = chc::readChcString(input, "fuzz.smt2");
        chc::ChcProgram program = chc::toProgram(system);
        program.program->validate();
        written = chc::writeHorn(*program.program);
      },
      {"fuzz.smt2"});
  if (written.empty()) return 0;
  try {
    chc::readChcString(written, "written.smt2");
  } catch (const std::exception& e) {
    fuzz::finding(std::string("argus cannot read the clauses it wrote for an accepted input (") + e.what() +
                  "):\n" + written);
  }
  return 0;
}
