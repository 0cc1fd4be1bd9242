/* test_compdb.c - nvcc command lines translated into clang parse flags
 * (project/compdb.h): what is kept, what is dropped, quoting, -Xcompiler
 * lists and response files. */
#include "check.h"
#include "project/compdb.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The translated flags joined by spaces. */
static const char *joined(const CompileEntry *e)
{
    static char buf[4096];
    buf[0] = 0;
    for (int i = 0; i < e->nargs; i++) {
        strncat(buf, i ? " " : "", sizeof buf - strlen(buf) - 1);
        strncat(buf, e->args[i], sizeof buf - strlen(buf) - 1);
    }
    return buf;
}

static const char *translate_command(Arena *a, const char *dir, const char *command, CompileEntry *e)
{
    const char **argv;
    int argc = compdb_split(a, command, &argv);
    memset(e, 0, sizeof *e);
    compdb_translate(a, dir, argv, argc, e);
    free(argv);
    return joined(e);
}

static void free_entry(CompileEntry *e)
{
    free(e->args);
    free(e->include_dirs);
}

int main(void)
{
    Arena a = {0};
    const char **w;
    int n = compdb_split(&a, "nvcc -DMSG=\"a b\" 'x y' plain\\ space -I\"/p q\"", &w);
    CHECK_EQ_LL(n, 5);
    CHECK(n == 5 && strcmp(w[1], "-DMSG=a b") == 0 && strcmp(w[2], "x y") == 0 &&
          strcmp(w[3], "plain space") == 0 && strcmp(w[4], "-I/p q") == 0);
    free(w);

    CompileEntry e;
    const char *s = translate_command(&a, "/nonexistent/b",
                                      "nvcc -forward-unknown-to-host-compiler -gencode arch=compute_80,code=sm_80 "
                                      "--generate-code=arch=compute_90,code=sm_90 -arch=sm_80 -ccbin g++ "
                                      "-Xptxas -v --expt-relaxed-constexpr --expt-extended-lambda -rdc=true -lineinfo "
                                      "-x cu -c k.cu -o k.o",
                                      &e);
    CHECK(strcmp(s, "") == 0); /* nothing that clang would reject survives */
    CHECK(!e.fast_math);
    CHECK(e.offload_arch && strcmp(e.offload_arch, "sm_80") == 0 && !e.hip);
    free_entry(&e);

    /* hipcc, or clang with -x hip: HIP, for the first architecture named */
    s = translate_command(&a, "/nonexistent/b", "/opt/rocm/bin/hipcc --offload-arch=gfx90a --offload-arch=gfx1100 -DX -c k.cpp",
                          &e);
    CHECK(strcmp(s, "-D X") == 0);
    CHECK(e.hip && e.offload_arch && strcmp(e.offload_arch, "gfx90a") == 0);
    free_entry(&e);
    s = translate_command(&a, "/nonexistent/b", "amdclang++ -x hip --offload-arch gfx942 -c k.cpp", &e);
    CHECK(strcmp(s, "") == 0);
    CHECK(e.hip && e.offload_arch && strcmp(e.offload_arch, "gfx942") == 0);
    free_entry(&e);
    s = translate_command(&a, "/nonexistent/b", "g++ -march=native -c host.cpp", &e);
    CHECK(!e.hip && !e.offload_arch); /* a host CPU, no GPU */
    free_entry(&e);

    s = translate_command(&a, "/nonexistent/b",
                          "nvcc -Iinc -I /abs/one --include-path=two -isystem sys -DA -D B=2 --define-macro=C "
                          "-UD -include pre.h -std=c++20 --use_fast_math -Xcompiler -fPIC,-DHOST=1,-Ihost "
                          "-Xcompiler=-Wall -c k.cu",
                          &e);
    CHECK(strcmp(s, "-I /nonexistent/b/inc -I /abs/one -I /nonexistent/b/two -isystem /nonexistent/b/sys -D A "
                    "-D B=2 -D C -U D -include /nonexistent/b/pre.h -D HOST=1 -I /nonexistent/b/host") == 0);
    CHECK(e.std && strcmp(e.std, "c++20") == 0);
    CHECK(e.fast_math);
    CHECK_EQ_LL(e.ninclude_dirs, 5);
    free_entry(&e);

    /* a response file, relative to the entry's directory, with quoting */
    char dir[] = "/tmp/gpulint-compdb-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char rsp[128];
    snprintf(rsp, sizeof rsp, "%s/includes.rsp", dir);
    FILE *f = fopen(rsp, "w");
    CHECK(f != NULL);
    if (f) {
        fputs("-I\"/with space/inc\"\n-DFROM_RSP=1\n", f);
        fclose(f);
    }
    s = translate_command(&a, dir, "nvcc --options-file includes.rsp -optf includes.rsp @includes.rsp -c k.cu", &e);
    CHECK(strcmp(s, "-I /with space/inc -D FROM_RSP=1 -I /with space/inc -D FROM_RSP=1 -I /with space/inc -D "
                    "FROM_RSP=1") == 0);
    free_entry(&e);

    /* a response file that names itself 10 times: read at most 64 times in
     * all (not 10^8), and a FIFO by that name is not opened (it would block) */
    f = fopen(rsp, "w");
    CHECK(f != NULL);
    if (f) {
        for (int i = 0; i < 10; i++) fputs("@includes.rsp ", f);
        fputs("-DX=1\n", f);
        fclose(f);
    }
    s = translate_command(&a, dir, "nvcc @includes.rsp -c k.cu", &e);
    CHECK_EQ_LL(e.nargs, 2 * 64);
    free_entry(&e);
    unlink(rsp);
    CHECK(mkfifo(rsp, 0600) == 0);
    s = translate_command(&a, dir, "nvcc -DA @includes.rsp -c k.cu", &e);
    CHECK(strcmp(s, "-D A") == 0);
    free_entry(&e);
    unlink(rsp);
    rmdir(dir);
    arena_free(&a);
    return check_summary();
}
