# Stand-in for benchexec.result (the constants a tool-info module returns), for tests/benchexec only:
# Debian 12 has no BenchExec package. Values as in BenchExec 3.
RESULT_TRUE_PROP = "true"
RESULT_FALSE_PROP = "false"
RESULT_FALSE_REACH = RESULT_FALSE_PROP + "(unreach-call)"
RESULT_UNKNOWN = "unknown"
RESULT_ERROR = "ERROR"
