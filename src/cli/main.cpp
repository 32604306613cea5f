// argus entry point: everything happens in cli::run so that tests can call it in-process.
#include "cli/Cli.h"

int main(int argc, char** argv) { return argus::cli::main(argc, argv); }
