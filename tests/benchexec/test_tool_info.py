#!/usr/bin/env python3
# The BenchExec tool-info module (contrib/benchexec/argus.py) against a stand-in of BenchExec's API
# (tests/benchexec/stub: Debian 12 packages no BenchExec): executable, version, the command line built
# from an SV-COMP task (data model, error function from the property file, timeout from the limits),
# real runs of argus on the bundled examples read back by determine_result and get_value_from_output, and
# the result mapping on synthetic outputs (errors, unknowns, rejected evidence).
#   test_tool_info.py ARGUS_BINARY SOURCE_DIR SHARED_DIR
import importlib.util
import os
import subprocess
import sys
import tempfile

argus, source, shared = sys.argv[1:4]
sys.path.insert(0, os.path.join(source, "tests", "benchexec", "stub"))
import benchexec.result as result  # noqa: E402
from benchexec.tools.template import BaseTool2, UnsupportedFeatureException  # noqa: E402

spec = importlib.util.spec_from_file_location("argus_tool", os.path.join(source, "contrib", "benchexec", "argus.py"))
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
tool = module.Tool()
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def run(cmdline, cwd=None):
    done = subprocess.run(cmdline, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd)
    output = BaseTool2.RunOutput(done.stdout.splitlines())
    return BaseTool2.Run(cmdline, BaseTool2.ExitCode(done.returncode, None), output, None)


def summary(run):
    """The verdict line and the last lines of a run's output, for a failure message."""
    return [line for line in run.output if line.startswith("Verdict")] + run.output[-3:]


executable = tool.executable(BaseTool2.ToolLocator(os.path.dirname(argus)))
check(os.path.samefile(executable, argus), "executable() finds the argus binary")
check(tool.name() == "argus", "name()")
version = tool.version(executable)
check(version and version[0].isdigit(), "version() is a version number: %r" % version)

# A task of ../shared/bench: ILP32, the pre-2020 property (__VERIFIER_error).
task_yml = os.path.join(shared, "bench", "c", "loops", "sum03-1.yml")
if not os.path.isfile(task_yml):
    sys.exit("test_tool_info: %s is missing (../shared/bench must be beside the checkout)" % task_yml)
prp = os.path.join(shared, "bench", "c", "properties-pre2020", "unreach-call.prp")
source_file = os.path.join(shared, "bench", "c", "loops", "sum03-1.i")
task = BaseTool2.Task([source_file], None, prp, {"language": "C", "data_model": "ILP32"})
limits = BaseTool2.ResourceLimits(cputime=900, walltime=None, memory=None, cpu_cores=2)
cmd = tool.cmdline(executable, [], task, limits)
check(cmd[:3] == [executable, "verify", source_file], "cmdline starts with verify and the input: %s" % cmd)
check(cmd[cmd.index("--data-model") + 1] == "ILP32", "cmdline passes the data model")
check(cmd[cmd.index("--error-function") + 1] == "__VERIFIER_error", "cmdline takes the error function from the property")
check(cmd[cmd.index("--jobs") + 1] == "2", "cmdline runs as many engines as cores")
check(int(cmd[cmd.index("--timeout") + 1]) <= 450 - 10, "the timeout shares the CPU-time limit among the cores: %s" % cmd)
try:
    tool.cmdline(executable, [], task._replace(options={"data_model": "ILP64"}), limits)
    check(False, "an unknown data model is an unsupported feature")
except UnsupportedFeatureException:
    pass
with tempfile.NamedTemporaryFile("w", suffix=".prp", delete=False) as other:
    other.write("CHECK( init(main()), LTL(G valid-free) )\n")
try:
    tool.cmdline(executable, [], task._replace(property_file=other.name), limits)
    check(False, "a property other than unreach-call is an unsupported feature")
except UnsupportedFeatureException:
    pass
finally:
    os.unlink(other.name)
with tempfile.NamedTemporaryFile("w", suffix=".prp", delete=False) as overflow:
    overflow.write("CHECK( init(main()), LTL(G ! overflow) )\n")
try:
    cmd = tool.cmdline(executable, [], task._replace(property_file=overflow.name), limits)
    check(cmd[cmd.index("--property") + 1] == overflow.name and "--error-function" not in cmd,
          "a no-overflow task passes its property file: %s" % cmd)
finally:
    os.unlink(overflow.name)

# Real runs: the real task above (FALSE), and the bundled safe example (TRUE, reach_error, LP64). A Release
# build answers each in a few seconds; the limit leaves room for the sanitizer build under ctest -j 2, where
# sum03-1 once ran past a 60 s limit (CI of stop 39).
short = BaseTool2.ResourceLimits(cputime=None, walltime=240, memory=None, cpu_cores=2)
with tempfile.TemporaryDirectory() as workdir:
    unsafe = run(tool.cmdline(executable, [], task, short), cwd=workdir)
    witness = os.path.join(workdir, "witness.yml")
    check(os.path.isfile(witness) and "violation_sequence" in open(witness).read(),
          "the FALSE run leaves its violation witness in the working directory")
check(tool.determine_result(unsafe) == result.RESULT_FALSE_REACH, "sum03-1 is false(unreach-call): %s" % summary(unsafe))
safe_task = BaseTool2.Task([os.path.join(source, "examples", "counter.c")], None, None, None)
with tempfile.TemporaryDirectory() as workdir:
    safe = run(tool.cmdline(executable, [], safe_task, short), cwd=workdir)
check(tool.determine_result(safe) == result.RESULT_TRUE_PROP, "counter.c is true: %s" % summary(safe))
total = tool.get_value_from_output(safe.output, "times.total")
check(total is not None and float(total) > 0, "times.total is read from -v output: %r" % total)
check(tool.get_value_from_output(safe.output, "certify.time") is not None, "a statistic is read from -v output")
check(tool.get_value_from_output(safe.output, "no.such.statistic") is None, "an absent statistic is None")

# The mapping on synthetic outputs.
def outcome(lines, code):
    return tool.determine_result(BaseTool2.Run([], BaseTool2.ExitCode(code, None), BaseTool2.RunOutput(lines), None))

check(outcome(["Verdict: UNKNOWN (timeout)"], 20) == result.RESULT_UNKNOWN, "a timeout is unknown")
check(outcome(["[kind] k = 3", "Verdict: UNKNOWN (unsupported: pointers)"], 20) == result.RESULT_UNKNOWN, "unsupported is unknown")
check(outcome(["Verdict: UNKNOWN (error: engine kind failed: x)"], 20).startswith(result.RESULT_ERROR), "an engine error is an error")
check(outcome(["Verdict: UNKNOWN (evidence rejected: the trace)"], 20).startswith(result.RESULT_ERROR), "rejected evidence is an error")
check(outcome(["argus: error: x.c: no such file"], 2).startswith(result.RESULT_ERROR), "a usage error is an error")
check(outcome([], 3).startswith(result.RESULT_ERROR), "no output is an error")
check(outcome(["Verdict: FALSE(unreach-call)", "trace"], 10) == result.RESULT_FALSE_REACH, "the first verdict line counts")

print("test_tool_info: %d checks failed" % len(failures) if failures else "test_tool_info: all checks passed")
sys.exit(1 if failures else 0)
