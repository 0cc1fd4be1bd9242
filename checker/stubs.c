/* stubs.c - temporary: features of later issues. */
#include "driver.h"
#include <stdio.h>
int gpulint_bench_main(int argc, char **argv) { (void)argc; (void)argv; fputs("gpulint bench: not implemented yet\n", stderr); return 2; }
int gpulint_apply_fixes(const RunResult *r, FILE *log) { (void)r; (void)log; return 0; }
int gpulint_emit_bench(const RunResult *r, const char *dir) { (void)r; (void)dir; fputs("gpulint: --emit-bench not implemented yet\n", stderr); return 2; }
int gpulint_load_impact(RunResult *r, const char *file) { (void)r; (void)file; fputs("gpulint: --impact not implemented yet\n", stderr); return 2; }
