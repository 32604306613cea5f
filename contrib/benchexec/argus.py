# BenchExec tool-info module for argus (https://github.com/sosy-lab/benchexec, doc/tool-integration.md).
#
# Install: copy (or link) this file into BenchExec's benchexec/tools/ folder, or put its folder on
# PYTHONPATH and name the module in the benchmark definition (tool="argus" when copied, otherwise the
# module path). argus runs its default portfolio; each engine of it is a process, so the CPU-time limit
# is shared: the wall-clock timeout given to argus is the CPU-time limit divided by the cores BenchExec
# grants, less the certification grace.
import re

import benchexec.result as result
import benchexec.tools.template

# Seconds argus may spend beyond --timeout to certify and report (verify.grace), plus a margin.
_GRACE_SECONDS = 10
_MARGIN_SECONDS = 5

_VERDICT = re.compile(r"^Verdict: (TRUE|FALSE\(([^)]*)\)|UNKNOWN)(?: \((.*)\))?\s*$")
_STATISTIC = re.compile(r"^\s+([A-Za-z0-9_.]+): (.*)$")
_TIMES = re.compile(r"^Times: front end ([0-9.]+) s, engine ([0-9.]+) s, certify ([0-9.]+) s, total ([0-9.]+) s")


class Tool(benchexec.tools.template.BaseTool2):
    """argus: an SMT-based software model checker (C in the SV-COMP conventions, CHC)."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("argus", subdir="build")

    def name(self):
        return "argus"

    def project_url(self):
        # argus has no public address yet; BenchExec only shows this in its tables.
        return ""

    def version(self, executable):
        # "argus 0.1.0" on the first line, then the versions of Z3 and clang.
        line = self._version_from_tool(executable, arg="--version")
        return line.split()[-1] if line else ""

    def program_files(self, executable):
        return [executable]

    def cmdline(self, executable, options, task, rlimits):
        # The SV-COMP witness goes to the run's working directory, where a benchmark definition collects it
        # (<resultfiles>witness.yml</resultfiles>).
        command = [executable, "verify", task.single_input_file, "-v", "--witness", "witness.yml"]
        if task.property_file and _is_no_overflow(task.property_file):
            command += ["--property", task.property_file]
        else:
            error_function = _error_function(task.property_file) if task.property_file else "reach_error"
            command += ["--error-function", error_function]
        data_model = (task.options or {}).get("data_model")
        if data_model:
            if data_model not in ("ILP32", "LP64"):
                raise benchexec.tools.template.UnsupportedFeatureException(
                    "data model " + str(data_model)
                )
            command += ["--data-model", data_model]
        cores = rlimits.cpu_cores or 1
        command += ["--jobs", str(cores)]
        limit = rlimits.cputime or rlimits.walltime
        if limit:
            wall = limit / cores if rlimits.cputime else limit
            command += ["--timeout", str(max(1, int(wall - _GRACE_SECONDS - _MARGIN_SECONDS)))]
        return command + list(options)

    def determine_result(self, run):
        verdict = None
        for line in run.output:
            match = _VERDICT.match(line)
            if match:
                verdict = match
                break
        if run.exit_code.value in (2, 3) or verdict is None:
            # Usage or input error (2), internal error (3), or no verdict at all.
            return result.RESULT_ERROR + "(exit code {})".format(run.exit_code.value)
        word = verdict.group(1)
        if word == "TRUE":
            return result.RESULT_TRUE_PROP
        if word.startswith("FALSE"):
            prop = verdict.group(2)
            if prop == "unreach-call":
                return result.RESULT_FALSE_REACH
            return result.RESULT_FALSE_PROP + "(" + prop + ")"
        reason = verdict.group(3) or ""
        if reason.startswith("error") or reason.startswith("evidence rejected"):
            # An engine's internal error or evidence that certify refuted: a bug to see, not an unknown.
            return result.RESULT_ERROR + "(" + reason.split(":")[0] + ")"
        return result.RESULT_UNKNOWN

    def get_value_from_output(self, output, identifier):
        # -v prints "Times: front end X s, engine Y s, certify Z s, total T s" and one "  name: value"
        # line per statistic; the identifiers are "times.frontend", "times.engine", "times.certify",
        # "times.total" and the statistic names (e.g. "kind.k", "certify.time").
        times = ("times.frontend", "times.engine", "times.certify", "times.total")
        for line in output:
            if identifier in times:
                match = _TIMES.match(line)
                if match:
                    return match.group(times.index(identifier) + 1)
                continue
            match = _STATISTIC.match(line)
            if match and match.group(1) == identifier:
                return match.group(2)
        return None


def _is_no_overflow(property_file):
    """Whether the property file states SV-COMP's no-overflow property (argus reads it with --property)."""
    with open(property_file) as f:
        return re.search(r"G\s*!\s*overflow\s*\)", f.read()) is not None


def _error_function(property_file):
    """The function whose call is the error, from an unreach-call property file."""
    with open(property_file) as f:
        text = f.read()
    match = re.search(r"G\s*!\s*call\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*\)\s*\)", text)
    if not match:
        raise benchexec.tools.template.UnsupportedFeatureException(
            "argus checks only unreach-call and no-overflow properties: " + property_file
        )
    return match.group(1)
