# Stand-in for benchexec.tools.template: the part of BaseTool2's interface that a tool-info module uses
# and that BenchExec calls (BenchExec 3, doc/tool-integration.md), for tests/benchexec only.
import collections
import os
import subprocess


class UnsupportedFeatureException(Exception):
    pass


class BaseTool2:
    class Task(collections.namedtuple("Task", "input_files identifier property_file options")):
        @property
        def single_input_file(self):
            if len(self.input_files) != 1:
                raise UnsupportedFeatureException("expects exactly one input file")
            return self.input_files[0]

    ResourceLimits = collections.namedtuple("ResourceLimits", "cputime walltime memory cpu_cores")

    class ToolLocator:
        def __init__(self, tool_directory):
            self.tool_directory = tool_directory

        def find_executable(self, name, subdir=""):
            for candidate in (os.path.join(self.tool_directory, subdir, name), os.path.join(self.tool_directory, name)):
                if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                    return candidate
            raise FileNotFoundError(name)

    class RunOutput(list):
        def any_line_contains(self, text):
            return any(text in line for line in self)

    class ExitCode(collections.namedtuple("ExitCode", "value signal")):
        pass

    class Run(collections.namedtuple("Run", "cmdline exit_code output termination_reason")):
        pass

    def _version_from_tool(self, executable, arg="--version", line_prefix=None):
        out = subprocess.run([executable, arg], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
        lines = [l.strip() for l in out.splitlines() if l.strip()]
        if line_prefix is not None:
            lines = [l[len(line_prefix):].strip() for l in lines if l.startswith(line_prefix)]
        return lines[0] if lines else ""
