// Native replay of a counterexample. The program is compiled to bitcode at -O0 with the task's data
// model, instrumented in-process (a call of __argus_error_reached() before every call of the error
// function; bodies of SV-COMP builtins removed), and linked with a generated harness that feeds the
// trace's inputs to the __VERIFIER_nondet_* functions in order and whose malloc returns blocks holding
// what the trace read from them uninitialised. The trace comes as data on the executable's stdin, so that
// one executable serves every trace of a program (kept by the compile cache, frontend/c/CompileCache.h).
// The harness reports what happened through distinct exit codes confirmed by a marker line on stderr.
#include "frontend/c/Replay.h"

#include <fmt/format.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <regex>
#include <sstream>

#include "frontend/c/Builtins.h"
#include "frontend/c/Clang.h"
#include "frontend/c/CompileCache.h"

namespace argus::frontend {

namespace {

/// Debian's qemu-user: runs a 32-bit executable where the kernel cannot (no IA32 emulation).
constexpr const char* kQemuI386 = "/usr/bin/qemu-i386";

/// The command that runs a 32-bit `executable` under qemu-i386. qemu reserves the guest's whole 4 GiB
/// address space up front, more than a memory limit (argus bench's RLIMIT_AS) may leave: under a limit it
/// reserves a quarter of it, at most 1 GiB, which is plenty for a replayed program.
std::vector<std::string> emulated(const std::string& executable) {
  std::vector<std::string> argv{kQemuI386};
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    uint64_t megabyte = 1 << 20;
    uint64_t reserve = std::min<uint64_t>(1024 * megabyte, limit.rlim_cur / 4) / megabyte * megabyte;
    argv.insert(argv.end(), {"-R", std::to_string(reserve)});
  }
  argv.push_back(executable);
  return argv;
}

constexpr int kErrorReached = 97;
constexpr int kInputsExhausted = 98;
constexpr int kWrongFunction = 99;
constexpr int kAssumeFailed = 96;
constexpr int kBadData = 95;
const char* const kNondetPrefix = "__VERIFIER_nondet_";

/// A nondet function the program declares, with the C types the harness must use for it.
struct NondetDeclaration {
  std::string name;
  std::string valueType;   // the C type of the function's values (from its name)
  std::string returnType;  // the C type matching the program's declaration ("void" if none)
  std::string symbol;      // the name the harness defines, when not `name` (an external function, renamed)
};

std::string cIntegerType(unsigned bits, bool isSigned) {
  std::string prefix = isSigned ? "" : "unsigned ";
  switch (bits) {
    case 1: return "_Bool";
    case 8: return isSigned ? "signed char" : "unsigned char";
    case 16: return prefix + "short";
    case 32: return prefix + "int";
    case 64: return prefix + "long long";
    case 128: return prefix + "__int128";
  }
  return "";
}

/// Removes program-provided bodies of the builtins, marks every error call, and lists the nondet
/// functions the harness must define.
void instrument(llvm::Module& module, const std::string& errorFunction, bool ilp32,
                std::vector<NondetDeclaration>& nondets, bool& errorDeclaredOnly) {
  for (llvm::Function& function : module) {
    std::string name = function.getName().str();
    bool builtin = name.rfind(kNondetPrefix, 0) == 0 || name == "__VERIFIER_assume";
    if (builtin && !function.isDeclaration()) function.deleteBody();
    if (name.rfind(kNondetPrefix, 0) != 0 || function.use_empty()) continue;
    auto type = nondetType(name.substr(std::strlen(kNondetPrefix)), ilp32);
    if (!type) continue;  // unknown nondet type: left undefined, so linking reports it
    bool isBool = type->cName == "_Bool";
    NondetDeclaration declaration{name, isBool ? "_Bool" : cIntegerType(type->bits, type->isSigned), "void"};
    if (type->floating) declaration.valueType = type->cName;
    if (llvm::Type* returned = function.getReturnType(); returned->isFloatingPointTy()) {
      declaration.returnType = returned->isFloatTy() ? "float" : returned->isDoubleTy() ? "double" : "long double";
    } else if (returned->isIntegerTy()) {
      bool isSigned = function.hasRetAttribute(llvm::Attribute::SExt) ||
                      (!function.hasRetAttribute(llvm::Attribute::ZExt) && type->isSigned);
      declaration.returnType = cIntegerType(returned->getIntegerBitWidth(), isSigned);
    } else if (returned->isPointerTy()) {
      declaration.returnType = "void *";
    }
    nondets.push_back(declaration);
  }
  // External functions (Builtins.h): the front end reads their results as inputs of the trace, so the
  // harness defines them under a name of its own (the program cannot call the real one by chance, and the
  // harness's own headers cannot clash with the program's declaration), taking any arguments.
  for (llvm::Function& function : module) {
    if (function.use_empty() || !isExternalFunction(function, errorFunction, ilp32)) continue;
    std::string name = function.getName().str();
    llvm::Type* returned = function.getReturnType();
    NondetDeclaration declaration{name, "void", "void", "__argus_external_" + name};
    if (returned->isIntegerTy()) {
      bool isSigned = !function.hasRetAttribute(llvm::Attribute::ZExt);
      declaration.returnType = cIntegerType(returned->getIntegerBitWidth(), isSigned);
      declaration.valueType = declaration.returnType;
    } else if (!returned->isVoidTy()) {
      continue;  // a floating-point result: calls of it are unsupported, so no trace passes one
    }
    if (declaration.returnType.empty()) continue;
    function.setName(declaration.symbol);
    nondets.push_back(declaration);
  }
  llvm::LLVMContext& context = module.getContext();
  llvm::FunctionCallee marker =
      module.getOrInsertFunction("__argus_error_reached", llvm::FunctionType::get(llvm::Type::getVoidTy(context), false));
  std::vector<llvm::CallInst*> errorCalls;
  for (llvm::Function& function : module)
    for (llvm::BasicBlock& block : function)
      for (llvm::Instruction& instruction : block)
        if (auto* call = llvm::dyn_cast<llvm::CallInst>(&instruction); call && !errorFunction.empty())
          if (call->getCalledOperand()->stripPointerCasts()->getName() == errorFunction) errorCalls.push_back(call);
  for (llvm::CallInst* call : errorCalls) llvm::CallInst::Create(marker, "", call);
  llvm::Function* error = errorFunction.empty() ? nullptr : module.getFunction(errorFunction);
  errorDeclaredOnly = error && error->isDeclaration();
  // malloc goes through the harness (blocks holding the trace's uninitialised contents).
  if (llvm::Function* malloc = module.getFunction("malloc"); malloc && malloc->isDeclaration())
    malloc->setName("__argus_malloc");
}

/// The harness's data on its stdin, as whitespace-separated words: the marker token; the number of inputs,
/// then each as "FUNCTION VALUE" ("-" for any function); the number of blocks and of malloc blocks among
/// them, each block's size; the number of cells, then each as "BLOCK OFFSET BYTES VALUE TARGET". The
/// executable is then the same for every trace of a program, and the compile cache keeps it.
std::string harnessData(const ReplaySpec& spec, const std::string& token) {
  std::ostringstream out;
  out << token << '\n' << spec.inputs.size() << '\n';
  for (const ReplayInput& input : spec.inputs) out << (input.function.empty() ? "-" : input.function) << ' ' << input.value << '\n';
  size_t mallocBlocks = 0;
  while (mallocBlocks < spec.blocks.size() && spec.blocks[mallocBlocks].fromMalloc) ++mallocBlocks;
  out << spec.blocks.size() << ' ' << mallocBlocks << '\n';
  for (const ReplayBlock& block : spec.blocks) out << block.size << '\n';
  std::ostringstream cells;
  size_t count = 0;
  for (size_t b = 0; b < spec.blocks.size(); ++b)
    for (const ReplayCell& cell : spec.blocks[b].cells) {
      if (cell.bytes == 0 || cell.bytes > 8 || cell.offset + cell.bytes > spec.blocks[b].size) continue;
      cells << b << ' ' << cell.offset << ' ' << cell.bytes << ' ' << cell.value << ' ' << cell.target << '\n';
      ++count;
    }
  out << count << '\n' << cells.str();
  return out.str();
}

/// The harness's data reader, run before main and before the program's own constructors: it reads all of
/// stdin (the program then reads an empty stdin, as /dev/null), prepares the blocks, and puts /dev/null in
/// stdin's place so that the program cannot learn the token. Data it cannot read ends the run with
/// kBadData, which is no verdict about the program.
///
/// The harness's malloc. A block is what an allocator may return: here, zeroed memory (or, with
/// `patternFill`, memory holding the byte 0xAA throughout, like clang's pattern for locals) holding the
/// values the trace read from the block before the program wrote them (its uninitialised contents),
/// prepared before main with every other block of the spec, so that cells can point into blocks that
/// are allocated later. A call whose size differs from the trace's block puts the harness out of step:
/// it and every later call get plain zeroed blocks (the replay then most likely fails, never wrongly
/// succeeds: every block is memory a real malloc may return).
std::string dataSource(bool patternFill) {
  std::ostringstream out;
  out << "struct argus_input { const char* function; const char* text; };\n"
         "static struct argus_input* argus_inputs;\n"
         "static unsigned argus_count = 0, argus_used = 0;\n"
         "static const char* argus_token = \"\";\n"
         "static unsigned long long* argus_block_sizes;\n"
         "static void** argus_blocks;\n"
         "static unsigned argus_block_count = 0, argus_malloc_blocks = 0, argus_mallocs = 0;\n"
         "static void argus_bad_data(void) {\n"
         "  fprintf(stderr, \"__ARGUS_BAD_DATA\\n\");\n"
         "  _exit(" << kBadData << ");\n}\n"
         "static char* argus_cursor;\n"
         "static const char* argus_word(void) {\n"
         "  while (*argus_cursor == ' ' || *argus_cursor == '\\n') ++argus_cursor;\n"
         "  if (!*argus_cursor) argus_bad_data();\n"
         "  char* start = argus_cursor;\n"
         "  while (*argus_cursor && *argus_cursor != ' ' && *argus_cursor != '\\n') ++argus_cursor;\n"
         "  if (*argus_cursor) *argus_cursor++ = 0;\n"
         "  return start;\n}\n"
         "static unsigned long long argus_number(void) {\n"
         "  const char* word = argus_word();\n"
         "  return word[0] == '-' ? (unsigned long long)strtoll(word, 0, 10) : strtoull(word, 0, 10);\n}\n"
         "static void* argus_block(unsigned long long size) {\n"
         "  void* b = calloc(1, size ? size : 1);\n"
      << (patternFill ? "  if (b) memset(b, 0xAA, size);\n" : "")
      << "  return b;\n}\n"
         "__attribute__((constructor(101))) static void argus_prepare(void) {\n"
         "  size_t size = 0, capacity = 4096;\n"
         "  char* text = malloc(capacity);\n"
         "  for (ssize_t got; text && (got = read(0, text + size, capacity - size - 1)) > 0;) {\n"
         "    size += (size_t)got;\n"
         "    if (capacity - size < 2) text = realloc(text, capacity *= 2);\n"
         "  }\n"
         "  if (!text) argus_bad_data();\n"
         "  text[size] = 0;\n"
         "  int devnull = open(\"/dev/null\", O_RDONLY);\n"
         "  if (devnull >= 0) { dup2(devnull, 0); close(devnull); }\n"
         "  argus_cursor = text;\n"
         "  argus_token = argus_word();\n"
         "  argus_count = (unsigned)argus_number();\n"
         "  argus_inputs = calloc(argus_count + 1, sizeof *argus_inputs);\n"
         "  for (unsigned i = 0; i < argus_count; ++i) {\n"
         "    const char* function = argus_word();\n"
         "    argus_inputs[i].function = strcmp(function, \"-\") == 0 ? \"\" : function;\n"
         "    argus_inputs[i].text = argus_word();\n"
         "  }\n"
         "  argus_block_count = (unsigned)argus_number();\n"
         "  argus_malloc_blocks = (unsigned)argus_number();\n"
         "  argus_block_sizes = calloc(argus_block_count + 1, sizeof *argus_block_sizes);\n"
         "  argus_blocks = calloc(argus_block_count + 1, sizeof *argus_blocks);\n"
         "  for (unsigned i = 0; i < argus_block_count; ++i) argus_block_sizes[i] = argus_number();\n"
         "  for (unsigned i = 0; i < argus_block_count; ++i) argus_blocks[i] = argus_block(argus_block_sizes[i]);\n"
         "  for (unsigned i = 0, cells = (unsigned)argus_number(); i < cells; ++i) {\n"
         "    unsigned block = (unsigned)argus_number();\n"
         "    unsigned long long offset = argus_number();\n"
         "    unsigned bytes = (unsigned)argus_number();\n"
         "    unsigned long long value = argus_number();\n"
         "    int target = (int)argus_number();\n"
         "    if (block >= argus_block_count || bytes > 8 || target >= (int)argus_block_count) argus_bad_data();\n"
         "    unsigned long long v = target >= 0 ? (unsigned long long)(uintptr_t)((char*)argus_blocks[target] + value) : value;\n"
         "    memcpy((char*)argus_blocks[block] + offset, &v, bytes);\n"
         "  }\n}\n"
         "void* __argus_malloc(unsigned long size) {\n"
         "  if (argus_mallocs < argus_malloc_blocks && size == argus_block_sizes[argus_mallocs]) return argus_blocks[argus_mallocs++];\n"
         "  argus_mallocs = argus_malloc_blocks;\n"
         "  return argus_block(size);\n}\n";
  return out.str();
}

/// The marker of a reached error function, with a token drawn for this run: the program under test may
/// print the plain marker itself and exit with the same code, but it cannot know the token.
std::string errorMarker(const std::string& token) { return "__ARGUS_ERROR_REACHED_" + token; }

std::string freshToken() {
  std::random_device device;
  return fmt::format("{:08x}{:08x}", device(), device());
}

std::string harnessSource(const std::vector<NondetDeclaration>& nondets, const std::string& errorFunction,
                          bool defineError, bool patternFill) {
  std::ostringstream out;
  out << "// Generated by argus: feeds a counterexample's inputs, read from stdin, to the program.\n"
         "#include <fcntl.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
         "#include <unistd.h>\n"
      << dataSource(patternFill)
      << "static const char* argus_next_text(const char* function) {\n"
         "  if (argus_used >= argus_count) {\n"
         "    fprintf(stderr, \"__ARGUS_INPUTS_EXHAUSTED %s\\n\", function);\n"
         "    _exit(" << kInputsExhausted << ");\n  }\n"
         "  const struct argus_input* in = &argus_inputs[argus_used++];\n"
         "  if (in->function[0] && strcmp(in->function, function) != 0) {\n"
         "    fprintf(stderr, \"__ARGUS_WRONG_FUNCTION %s\\n\", function);\n"
         "    _exit(" << kWrongFunction << ");\n  }\n"
         "  return in->text;\n"
         "}\n"
         "static unsigned long long argus_next(const char* function) {\n"
         "  const char* text = argus_next_text(function);\n"
         "  return text[0] == '-' ? (unsigned long long)strtoll(text, 0, 10) : strtoull(text, 0, 10);\n"
         "}\n"
         // A float input: its IEEE bit pattern in decimal (a trace's), or a C floating literal, inf or nan
         // (a witness's), which strtod reads exactly.
         "static int argus_is_bit_pattern(const char* text) {\n"
         "  for (; *text; ++text) if (*text < '0' || *text > '9') return 0;\n"
         "  return 1;\n"
         "}\n"
         "void __argus_error_reached(void) {\n"
         "  fprintf(stderr, \"" << errorMarker("") << "%s %u\\n\", argus_token, argus_used);\n"
         "  _exit(" << kErrorReached << ");\n}\n"
         "void __VERIFIER_assume(int condition) {\n"
         "  if (!condition) {\n    fprintf(stderr, \"__ARGUS_ASSUME_FAILED %u\\n\", argus_used);\n"
         "    _exit(" << kAssumeFailed << ");\n  }\n}\n"
         "__attribute__((destructor)) static void argus_report(void) {\n"
         "  fprintf(stderr, \"__ARGUS_CONSUMED %u\\n\", argus_used);\n}\n";
  for (const NondetDeclaration& nondet : nondets) {
    // An external function takes whatever arguments the program passes (an unprototyped definition); a
    // void one gives no input.
    bool external = !nondet.symbol.empty();
    std::string head = (external ? nondet.symbol : nondet.name) + (external ? "()" : "(void)");
    if (nondet.returnType == "void") {
      out << "void " << head << " {" << (external ? "" : " argus_next(\"" + nondet.name + "\");") << " }\n";
      continue;
    }
    if (nondet.valueType == "float" || nondet.valueType == "double") {
      // A trace gives the value's IEEE bit pattern: bit-exact, NaNs and signed zeros included.
      std::string bits = nondet.valueType == "float" ? "uint32_t" : "uint64_t";
      out << nondet.returnType << " " << head << " {\n  const char* text = argus_next_text(\"" << nondet.name
          << "\");\n  " << nondet.valueType << " value = (" << nondet.valueType << ")strtod(text, 0);\n"
          << "  if (argus_is_bit_pattern(text)) {\n    " << bits << " bits = (" << bits
          << ")strtoull(text, 0, 10);\n    memcpy(&value, &bits, sizeof value);\n  }\n  return ("
          << nondet.returnType << ")value;\n}\n";
      continue;
    }
    out << nondet.returnType << " " << head << " { return (" << nondet.returnType << ")("
        << nondet.valueType << ")argus_next(\"" << nondet.name << "\"); }\n";
  }
  if (defineError) out << "void " << errorFunction << "(void) { abort(); }\n";
  return out.str();
}

/// The number after a marker on stderr, if the marker is there.
std::optional<std::string> markerValue(const std::string& stderrText, const std::string& marker) {
  size_t at = stderrText.find(marker + " ");
  if (at == std::string::npos) return std::nullopt;
  size_t start = at + marker.size() + 1;
  return stderrText.substr(start, stderrText.find('\n', start) - start);
}

std::string firstLines(const std::string& text, int lines) {
  size_t end = 0;
  for (int i = 0; i < lines && end != std::string::npos; ++i) end = text.find('\n', end + (i ? 1 : 0));
  std::string head = text.substr(0, end);
  return head.empty() ? "(no diagnostics)" : head;
}

std::string describeSignal(int signal) {
  std::string name = signal == SIGABRT ? "SIGABRT (abort or failed assert)"
                     : signal == SIGSEGV ? "SIGSEGV (invalid memory access)"
                     : signal == SIGFPE  ? "SIGFPE (division by zero or overflow)"
                                         : "signal " + std::to_string(signal);
  return "was killed by " + name;
}

/// no-overflow: what UBSan reported ("FILE:LINE:COLUMN: runtime error: MESSAGE", the first report; the
/// checks do not recover), judged against the trace's line. Nothing when it reported nothing.
std::optional<ReplayOutcome> sanitizerReport(const ReplaySpec& spec, const std::string& stderrText) {
  static const std::regex report(R"((?:^|\n)([^\n]*):([0-9]+):([0-9]+): runtime error: ([^\n]*))");
  std::smatch match;
  if (!std::regex_search(stderrText, match, report)) return std::nullopt;
  std::string where = match[1].str() + ":" + match[2].str() + ":" + match[3].str();
  // The harness is compiled with the checks too: a fault there says nothing about the program.
  bool inProgram = std::filesystem::path(match[1].str()).filename() != "harness.c";
  if (inProgram && (spec.violationLine == 0 || std::stoi(match[2].str()) == spec.violationLine))
    return ReplayOutcome{true, false, "UBSan reported at " + where + ": " + match[4].str()};
  return ReplayOutcome{false, true, "UBSan reported a fault at " + where + " (" + match[4].str() +
                                         "), not at the trace's line " + std::to_string(spec.violationLine)};
}

ReplayOutcome interpret(const ReplaySpec& spec, const ProcessResult& run, const std::string& stderrText,
                        const std::string& token) {
  std::string total = std::to_string(spec.inputs.size());
  std::string consumed = markerValue(stderrText, "__ARGUS_CONSUMED").value_or("?");
  if (run.timedOut)
    return {false, false, "timed out after " + std::to_string(spec.timeoutSeconds) + " s without reaching the error function"};
  if (spec.checkOverflow) {
    if (std::optional<ReplayOutcome> reported = sanitizerReport(spec, stderrText)) return *reported;
  }
  if (run.exitCode == kErrorReached)
    if (auto used = markerValue(stderrText, errorMarker(token)))
      return {true, false, "error function " + spec.errorFunction + " reached after " + *used + " of " + total + " inputs"};
  if (run.exitCode == kInputsExhausted)
    if (auto function = markerValue(stderrText, "__ARGUS_INPUTS_EXHAUSTED"))
      return {false, true, "inputs exhausted: the program called " + *function + " after all " + total + " inputs were used"};
  if (run.exitCode == kWrongFunction)
    if (auto function = markerValue(stderrText, "__ARGUS_WRONG_FUNCTION"))
      return {false, true, "input mismatch: the program called " + *function + " where the trace has an input of another function"};
  if (run.exitCode == kBadData && stderrText.find("__ARGUS_BAD_DATA") != std::string::npos)
    return {false, false, "the replay harness could not read its inputs"};
  if (run.exitCode == kAssumeFailed)
    if (auto used = markerValue(stderrText, "__ARGUS_ASSUME_FAILED"))
      return {false, true, "__VERIFIER_assume failed after " + *used + " of " + total + " inputs: the trace is not feasible natively"};
  if (run.signal) return {false, true, "the program " + describeSignal(run.signal) + " without reaching the error function"};
  return {false, true, "the program exited with " + std::to_string(run.exitCode) + " without reaching the error function (" +
                     consumed + " of " + total + " inputs used)"};
}

ReplayOutcome replayIn(const ReplaySpec& spec, const std::string& dir, bool patternFill) {
  std::string bitcode = dir + "/program.bc", harness = dir + "/harness.c", executable = dir + "/program";
  std::string diagnostics = dir + "/clang.txt";
  std::vector<std::string> programFlags;
  if (patternFill) programFlags.push_back("-ftrivial-auto-var-init=pattern");
  if (spec.checkOverflow) programFlags.insert(programFlags.end(), overflowCheckFlags().begin(), overflowCheckFlags().end());
  ProcessResult compiled =
      compileToBitcode(spec.cFile, spec.ilp32, /*debugInfo=*/false, bitcode, diagnostics, programFlags);
  if (!compiled.started || compiled.exitCode != 0)
    return {false, false, "the program does not compile: " + firstLines(readTextFile(diagnostics), 5)};

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = loadBitcode(bitcode, context);
  std::vector<NondetDeclaration> nondets;
  bool errorDeclaredOnly = false;
  instrument(*module, spec.errorFunction, spec.ilp32, nondets, errorDeclaredOnly);
  {
    std::error_code failure;
    llvm::raw_fd_ostream out(bitcode, failure, llvm::sys::fs::OF_None);
    if (failure) return {false, false, "cannot write the instrumented program: " + failure.message()};
    llvm::WriteBitcodeToFile(*module, out);
  }
  std::string harnessText = harnessSource(nondets, spec.errorFunction, errorDeclaredOnly, patternFill);
  std::ofstream(harness) << harnessText;

  // The executable depends on the instrumented program and the harness only (the trace is data): the
  // compile cache, when there is one, keeps it for every other trace of the program.
  // The data model's flags as for the program's bitcode (compileToBitcode), libm for math.h functions;
  // no-overflow: the checks' runtime (libclang-rt-14-dev, for -m32 too) is linked and reports the fault.
  std::vector<std::string> flags = dataModelFlags(spec.ilp32);
  flags.insert(flags.end(), {"-O0", "-w"});
  if (spec.checkOverflow) flags.insert(flags.end(), overflowCheckFlags().begin(), overflowCheckFlags().end());
  std::optional<CompileCache> cache = CompileCache::fromEnvironment();
  std::string key;
  if (cache)
    if (std::optional<std::string> program = sha256OfFileIfReadable(bitcode)) {
      std::vector<std::string> parts = flags;
      parts.insert(parts.begin(), "replay executable");
      parts.insert(parts.end(), {*program, sha256Hex(harnessText)});
      key = CompileCache::key(parts);
    }
  if (key.empty() || !cache->fetch(key, executable)) {
    ProcessSpec link;
    link.argv = {ARGUS_CLANG};
    link.argv.insert(link.argv.end(), flags.begin(), flags.end());
    link.argv.insert(link.argv.end(), {bitcode, harness, "-o", executable, "-lm"});
    link.stderrPath = diagnostics;
    link.tmpDir = dir;  // clang compiles the harness and the program to objects there before it links
    ProcessResult linked = runProcess(link);
    if (!linked.started || linked.exitCode != 0)
      return {false, false, "the replay executable does not build: " + firstLines(readTextFile(diagnostics), 5)};
    if (!key.empty()) cache->store(key, executable, "");
  }
  std::filesystem::permissions(executable, std::filesystem::perms::owner_exec, std::filesystem::perm_options::add);

  std::string token = freshToken();
  std::string data = dir + "/replay-data.txt";
  std::ofstream(data) << harnessData(spec, token);

  ProcessSpec run;
  run.argv = {executable};
  run.stdinPath = data;
  run.stdoutPath = "/dev/null";
  run.stderrPath = dir + "/stderr.txt";
  run.timeoutSeconds = spec.timeoutSeconds;
  ProcessResult ran = runProcess(run);
  // A kernel without 32-bit support cannot run an ILP32 executable: qemu's user-mode emulator can.
  if (!ran.started && ran.execError == ENOEXEC && spec.ilp32) {
    if (access(kQemuI386, X_OK) != 0)
      return {false, false, "this machine cannot run 32-bit programs, and " + std::string(kQemuI386) +
                                " (Debian's qemu-user) is not installed: " + ran.errorText};
    run.argv = emulated(executable);
    ran = runProcess(run);
  }
  if (!ran.started) return {false, false, "cannot run the replay executable: " + ran.errorText};
  return interpret(spec, ran, readTextFile(run.stderrPath), token);
}

/// Replays as compiled by default; when that run ends without the error, once more with every
/// uninitialised automatic variable and every byte of a malloc block that the spec does not give filled
/// with clang's pattern bytes (0xAA...). Traces that read an uninitialised local or heap cell (C: an
/// indeterminate value, which the model leaves arbitrary) may need a value other than 0 or what the
/// stack happens to hold, e.g. a non-null pointer where a witness, which cannot give heap contents, is
/// replayed; the pattern is one that C permits, so an error reached with it is reached by a real
/// execution of the program.
ReplayOutcome replayTwice(const ReplaySpec& spec, const std::string& dir) {
  ReplayOutcome plain = replayIn(spec, dir, false);
  if (plain.reachedError || !plain.contradicted) return plain;
  ReplayOutcome filled = replayIn(spec, dir, true);
  if (!filled.reachedError) return plain;
  filled.detail += " (uninitialised automatic variables and malloc'd bytes holding the pattern byte 0xAA: "
                   "-ftrivial-auto-var-init=pattern)";
  return filled;
}

}  // namespace

ReplayOutcome replayNatively(const ReplaySpec& spec) {
  try {
    if (!spec.workDir.empty()) return replayTwice(spec, spec.workDir);
    if (const char* keep = getenv("ARGUS_DEBUG_REPLAY")) return replayTwice(spec, keep);
    TempDir dir;
    return replayTwice(spec, dir.path());
  } catch (const std::exception& e) {
    return {false, false, std::string("replay failed: ") + e.what()};
  }
}

}  // namespace argus::frontend
