# argus: set-up, build and tests. On a fresh Debian 12, as root:
#   make run       install what is missing, build the argus binary (Release, build/), verify a bundled example
#   make test      the same set-up, build everything (test programs too), then the whole test suite (ctest)
#   make sanitize  an ASan/UBSan build in build-asan/ running the unit tests (undefined behaviour fails a test)
#   make fuzz      libFuzzer harnesses of the input readers (build-fuzz/), FUZZ_SECONDS (default 60) each
# The machine may be shared: JOBS (default 2) bounds the parallelism of builds and tests. Every step prints
# its wall time (scripts/timed.sh); with ARGUS_STEP_TIMES=FILE the times are collected there too (.ci/run).

JOBS ?= 2
BUILD ?= build
ASAN_BUILD ?= build-asan
EXAMPLE ?= examples/sum.c
STEP = $(CURDIR)/scripts/timed.sh

.PHONY: run test sanitize fuzz setup configure build build-argus clean

setup:
	@$(STEP) setup scripts/setup.sh

# clang-14 (installed for the C front end anyway) compiles argus: per unity batch, its -O2 needs about 77 % of
# GCC 12's -O3 CPU time and its ASan/UBSan -O1 about 72 % of GCC's. `make CXX_COMPILER=g++ C_COMPILER=gcc` builds with GCC.
CXX_COMPILER ?= clang++-14
C_COMPILER ?= clang-14
COMPILERS = -DCMAKE_CXX_COMPILER=$(CXX_COMPILER) -DCMAKE_C_COMPILER=$(C_COMPILER)

configure: setup
	@$(STEP) configure cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(COMPILERS) \
	  -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG"

# `make run` needs the argus binary only; the test programs are built by `make test`.
build-argus: configure
	@$(STEP) build-argus cmake --build $(BUILD) -j $(JOBS) --target argus

build: configure
	@$(STEP) build cmake --build $(BUILD) -j $(JOBS)

# argus exits with 0 (TRUE), 10 (FALSE) or 20 (UNKNOWN) when it ran fine; 2 and 3 are failures.
run: build-argus
	@status=0; $(BUILD)/argus verify $(EXAMPLE) || status=$$?; \
	if [ $$status -ne 0 ] && [ $$status -ne 10 ] && [ $$status -ne 20 ]; then \
	  echo "make run: argus failed with exit code $$status" >&2; exit 1; fi

test: build
	@cd $(BUILD) && $(STEP) tests ctest --output-on-failure -j $(JOBS)

# -O1 -g1 (line tables): what the sanitizers need for their reports, and a half to a third of -O2 -g's compile time.
sanitize: setup
	@$(STEP) sanitize-configure cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARGUS_SANITIZE=ON $(COMPILERS) \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG"
	@$(STEP) sanitize-build cmake --build $(ASAN_BUILD) -j $(JOBS)
	@cd $(ASAN_BUILD) && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  $(STEP) sanitize-tests ctest --output-on-failure -j $(JOBS) -L unit

# Not part of `test`: a finding fails this target. Options: scripts/fuzz.sh (FUZZ_SECONDS, FUZZ_RUNS, ...).
fuzz: setup
	scripts/fuzz.sh

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-fuzz
