// argus_difftest: `generate` writes one random program (seed and size), `run` runs every engine on many
// of them and fails on any disagreement, rejected evidence, engine error or crash (see Differential.h).
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "differential/Differential.h"
#include "differential/ProgramGenerator.h"

namespace fs = std::filesystem;
using namespace argus::differential;

int main(int argc, char** argv) {
  CLI::App app{"argus_difftest: random C programs and differential testing of the argus engines"};
  app.require_subcommand(1);

  GeneratorOptions gen;
  CLI::App* generate = app.add_subcommand("generate", "print the program of a seed and size");
  generate->add_option("--seed", gen.seed, "the seed (default 1)");
  generate->add_option("--size", gen.size, "about the number of statements in main (default 8)");

  DiffOptions diff;
  std::vector<std::string> engines;
  fs::path self = fs::read_symlink("/proc/self/exe");
  diff.argus = (self.parent_path() / "argus").string();
  diff.generatorCommand = self.string();
  CLI::App* run = app.add_subcommand("run", "run every engine on generated programs; exit 1 on a failure");
  run->add_option("--argus", diff.argus, "the argus executable (default: argus beside this program)");
  run->add_option("--seed", diff.firstSeed, "the first seed (default 1)");
  run->add_option("--count", diff.count, "how many programs (default 100)");
  run->add_option("--size", diff.size, "the size of each program (default 8)");
  run->add_option("--jobs", diff.jobs, "programs checked at a time (default 1)");
  run->add_option("--timeout", diff.timeoutSeconds, "argus --timeout per run, seconds (default 5)");
  run->add_option("--memory", diff.memoryMB, "address-space limit per run, MB (default 4096)");
  run->add_option("--engine", engines,
                  "an engine configuration: NAME, NAME=ARGS or predabs-sbe (repeatable; default: bmc, "
                  "kind, predabs, impact, recmc)");
  run->add_option("--work", diff.workDir, "folder for programs and outputs (default: a new one in /tmp)");
  run->add_option("--min-decided", diff.minDecided,
                  "fail unless this share of programs (0..1) gets TRUE or FALSE from some engine");
  run->add_flag("--require-both", diff.requireBoth, "fail unless both TRUE and FALSE occur");
  run->add_flag("--keep", diff.keep, "keep the programs that passed too");
  bool noCompileCache = false;
  run->add_flag("--no-compile-cache", noCompileCache,
                "every engine run compiles the program itself (default: the runs of a program share clang's "
                "outputs through a compile cache in the work folder)");

  CLI11_PARSE(app, argc, argv);

  if (generate->parsed()) {
    std::cout << generateProgram(gen);
    return 0;
  }
  for (auto& e : engines) diff.engines.push_back(parseEngine(e));
  if (diff.workDir.empty()) {
    std::string pattern = (fs::temp_directory_path() / "argus-difftest-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
      std::cerr << "argus_difftest: cannot create a folder in " << fs::temp_directory_path() << "\n";
      return 2;
    }
    diff.workDir = pattern;
  }
  if (!fs::exists(diff.argus)) {
    std::cerr << "argus_difftest: no argus executable at " << diff.argus << " (use --argus)\n";
    return 2;
  }
  // The engines' runs of one program share its bitcode and replay executable (frontend/c/CompileCache.h):
  // clang was most of a short run's time. The children inherit the variable; a cache the caller names
  // (ctest names one for all suites) is used as it is.
  fs::path cache = fs::path(diff.workDir) / "compile-cache";
  const char* given = std::getenv("ARGUS_COMPILE_CACHE");
  bool ownCache = !noCompileCache && !(given && *given);
  if (noCompileCache) unsetenv("ARGUS_COMPILE_CACHE");
  if (ownCache) setenv("ARGUS_COMPILE_CACHE", cache.c_str(), 1);
  int code = runDifferential(diff, std::cout, std::cerr);
  std::error_code ignored;
  if (ownCache) fs::remove_all(cache, ignored);
  // An empty folder of a run that passed says nothing; one with failures/ is what to look at.
  fs::remove(diff.workDir, ignored);
  return code;
}
