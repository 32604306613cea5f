// libFuzzer harness of the SV-COMP task reader (loadTaskString). The task sits in a temporary folder that
// also holds what seeds name: a C file task.c and property files, unreach-call ones and another property,
// at ../properties/ and ../properties-pre2020/ as in sv-benchmarks; scripts/fuzz.sh points the seeds'
// input_files at task.c.
#include <filesystem>
#include <fstream>

#include "FuzzCheck.h"
#include "frontend/c/CFrontend.h"
#include "frontend/c/Clang.h"

using namespace argus;

namespace {

/// The folder of the task, made once per process.
const std::string& taskPath() {
  static frontend::TempDir dir;
  static const std::string path = [] {
    namespace fs = std::filesystem;
    auto write = [&](const std::string& name, const std::string& text) {
      fs::create_directories(fs::path(dir.file(name)).parent_path());
      std::ofstream(dir.file(name)) << text;
    };
    write("tasks/task.c", "void reach_error(void);\nint main(void) { return 0; }\n");
    write("properties/unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
    write("properties-pre2020/unreach-call.prp", "CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )\n");
    write("properties/valid-memsafety.prp", "CHECK( init(main()), LTL(G valid-free) )\n");
    return dir.file("tasks/fuzz.yml");
  }();
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string input = fuzz::text(data, size);
  frontend::CTask task;
  bool ok = fuzz::accepted([&] { task = frontend::loadTaskString(input, taskPath()); }, {taskPath(), !input.empty()});
  if (ok && (task.file.empty() || task.errorFunction.empty()))
    fuzz::finding("accepted task without a C file or error function");
  return 0;
}
