#!/bin/sh
# Checks that the Debian 12 packages argus needs are installed. As root it installs the missing ones
# with apt-get; otherwise it names them and fails. Used by `make run`, `make test` and `make sanitize`.
#
# Besides the build tools and libraries argus uses directly, find_package(LLVM 14) needs what
# LLVMConfig.cmake looks for (FFI, Terminfo from libncurses-dev, ZLIB, LibXml2), and the native
# replay of ILP32 counterexamples needs gcc-multilib (32-bit C library for clang -m32) and, on a kernel
# that cannot run 32-bit programs (no IA32 emulation), qemu-user's qemu-i386 to run them. The native replay
# of no-overflow counterexamples links UBSan's runtime of clang-14 (libclang_rt.ubsan_standalone, x86_64 and
# i386 for ILP32 tasks, both in libclang-rt-14-dev), and `make fuzz` needs libFuzzer and the other sanitizer
# runtimes of the same package. The test of the BenchExec
# tool-info module (contrib/benchexec) runs python3; the witness tests check witnesses against a JSON schema
# with python3-yaml and python3-jsonschema. `argus verify --report` draws the CFA with Graphviz's dot
# (graphviz), and its test renders the page in headless Chromium (chromium; it runs headless without its
# recommended packages) with the DejaVu fonts the page names (fonts-dejavu-core). scripts/scatter.py draws
# benchmark scatter plots with gnuplot (gnuplot-nox). ccache, when installed, caches compilations (CMakeLists.txt).
# `mpirun -n K argus bench` spreads a benchmark over the nodes of a cluster (src/cli/bench/Distributed.h): argus
# links Open MPI when CMake finds it (libopenmpi-dev), and its tests launch real ranks with mpirun (openmpi-bin).
set -eu

PACKAGES="cmake g++ make pkg-config libz3-dev z3 llvm-14-dev clang-14 libgtest-dev libgmock-dev
libbenchmark-dev libbdd-dev libgmp-dev libyaml-cpp-dev nlohmann-json3-dev libcli11-dev libfmt-dev gcc-multilib
zlib1g-dev libxml2-dev libncurses-dev libffi-dev libclang-rt-14-dev python3 python3-yaml python3-jsonschema
graphviz chromium fonts-dejavu-core gnuplot-nox qemu-user ccache openmpi-bin libopenmpi-dev"

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup: dpkg-query not found; argus is built on Debian 12 with the packages: $(echo $PACKAGES)" >&2
  exit 1
fi

missing_packages() {
  for package in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      printf '%s ' "$package"
    fi
  done
}

missing=$(missing_packages)
if [ -z "$missing" ]; then
  echo "setup: all required Debian packages are installed"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing Debian packages: $missing" >&2
  echo "setup: install them as root: apt-get install $missing" >&2
  exit 1
fi

echo "setup: installing $missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086  # one word per package
apt-get install -y -q --no-install-recommends $missing

still_missing=$(missing_packages)
if [ -n "$still_missing" ]; then
  echo "setup: still missing after apt-get: $still_missing" >&2
  exit 1
fi
echo "setup: done"
