/* test_host_strings.c - the host-string scanner (frontend/host_strings.c):
 * which literals are kernel programs, what text they decode to, and where
 * each byte is written in the host file. */
#include "frontend/host_strings.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static HostStrings *scan(const char *text)
{
    return host_strings_scan(text, strlen(text));
}

/* One program whose text is `want`. */
static int one_program(const char *host, const char *want)
{
    HostStrings *hs = scan(host);
    int ok = hs->nprograms == 1 && strcmp(hs->programs[0].text, want) == 0 && hs->nproblems == 0;
    if (!ok)
        fprintf(stderr, "  host %s: %d programs, %d problems, first %s\n", host, hs->nprograms, hs->nproblems,
                hs->nprograms ? hs->programs[0].text : "-");
    host_strings_free(hs);
    return ok;
}

static int programs(const char *host)
{
    HostStrings *hs = scan(host);
    int n = hs->nprograms;
    host_strings_free(hs);
    return n;
}

int main(void)
{
    /* lexical traps before a kernel string */
    CHECK(one_program("char c = '\"'; const char *s = \"__kernel void f() {}\";", "__kernel void f() {}"));
    CHECK(one_program("int x = 1'000; const char *s = \"kernel void g() {}\";", "kernel void g() {}"));
    CHECK(programs("// \"kernel void h() {\"\n/* R\"( kernel void h() {} )\" */ int y;") == 0);
    CHECK(programs("#include \"kernel void f(x) {}.h\"\n") == 0);
    /* forms */
    CHECK(one_program("s = u8R\"x(kernel void f() {})x\";", "kernel void f() {}"));
    CHECK(one_program("s = \"kernel void \" R\"(f() {})\" \"\";", "kernel void f() {}"));
    CHECK(one_program("s = \"kernel void \\\nf() {}\";", "kernel void f() {}"));            /* a line splice */
    CHECK(one_program("s = \"kernel void f() {}\\0 not read\";", "kernel void f() {}"));      /* \0 ends it */
    CHECK(one_program("s = \"kernel void f()\\n{\\tx\\x3b\\073}\";", "kernel void f()\n{\tx;;}"));
    CHECK(one_program("#define S(x) #x\nconst char *p = S(kernel void f(int a) { a; });", "kernel void f(int a) { a; }"));
    CHECK(one_program("#define S( ... ) # __VA_ARGS__\np = S(kernel void f() {});", "kernel void f() {}"));
    CHECK(programs("#define T(x) x\np = T(kernel void f() {});") == 0);                    /* not stringizing */
    CHECK(one_program("p = R\"(void __kernel\n copy(__global float *g) {})\";", "void __kernel\n copy(__global float *g) {}"));
    CHECK(one_program("p = \"__kernel __attribute__((reqd_work_group_size(8, 8, 1))) void t() {}\";",
                      "__kernel __attribute__((reqd_work_group_size(8, 8, 1))) void t() {}"));
    /* not kernel sources: fragments glued at run time, prose */
    CHECK(programs("a = \"\\n__kernel void \"; b = \"(\";") == 0);
    CHECK(programs("puts(\"the kernel void is not here (nor { })\");") == 0);
    /* two literals separated by a token are two strings */
    CHECK(programs("a = \"kernel void f() {}\"; b = \"kernel void g() {}\";") == 2);

    /* positions: each byte's host offset and length */
    const char *host = "x;\ns = \"kernel void f()\\n\"\n    \"{ y; }\";";
    HostStrings *hs = scan(host);
    CHECK_EQ_LL(hs->nprograms, 1);
    if (hs->nprograms == 1) {
        const HostProgram *p = &hs->programs[0];
        CHECK(strcmp(p->text, "kernel void f()\n{ y; }") == 0);
        CHECK_EQ_LL(p->host_off[0], 8);                   /* the k after the quote */
        CHECK_EQ_LL(p->host_len[15], 2);                  /* \n is two host bytes */
        CHECK_EQ_LL(p->host_off[16], (long long)(strchr(host, '{') - host));
        unsigned line, col;
        host_strings_map(hs, p, 2, 3, false, &line, &col); /* the y */
        CHECK_EQ_LL(line, 3);
        CHECK_EQ_LL(col, 8);
        host_strings_map(hs, p, 1, 16, true, &line, &col); /* just after "f()": the end before \n */
        CHECK_EQ_LL(line, 2);
        CHECK_EQ_LL(col, 21);
        host_strings_map(hs, p, 1, 17, true, &line, &col); /* past the \n escape */
        CHECK_EQ_LL(col, 23);
        CHECK_EQ_LL(p->kind[0], PIECE_ESCAPED);
    }
    host_strings_free(hs);

    /* broken strings: a problem when they hold kernel code, nothing otherwise */
    hs = scan("s = R\"CL(\n__kernel void lost() {}\n");
    CHECK_EQ_LL(hs->nprograms, 0);
    CHECK_EQ_LL(hs->nproblems, 1);
    CHECK(hs->nproblems == 1 && strstr(hs->problems[0].message, "unterminated raw string literal R\"CL("));
    CHECK(hs->nproblems == 1 && hs->problems[0].offset == 4);
    host_strings_free(hs);
    hs = scan("s = \"kernel void f() {\n}\";");
    CHECK_EQ_LL(hs->nproblems, 1);
    host_strings_free(hs);
    hs = scan("s = \"just text\nint kernel;");
    CHECK_EQ_LL(hs->nproblems, 0);
    host_strings_free(hs);
    hs = scan("#define S(x) #x\np = S(kernel void f() {}");
    CHECK_EQ_LL(hs->nproblems, 1);
    host_strings_free(hs);
    hs = scan(""); /* empty */
    CHECK_EQ_LL(hs->nprograms, 0);
    host_strings_free(hs);

    /* every prefix of a file mixing all forms: no read past the end, and
     * each program's bytes come from inside it, in order */
    const char *mix = "#define S(x) #x\nchar c='\\''; int n = 1'0;\n/* \" */ a = R\"k(kernel void f(){})k\" "
                      "\"kernel void g()\\n{\\x41\\\n}\";\nb = S(kernel void h() { (1, 2); });\n";
    size_t len = strlen(mix);
    int bad = 0, full = 0;
    for (size_t cut = 0; cut <= len; cut++) {
        hs = host_strings_scan(mix, cut);
        for (int i = 0; i < hs->nprograms; i++) {
            const HostProgram *p = &hs->programs[i];
            for (int k = 0; k < p->size; k++)
                if (p->host_off[k] + p->host_len[k] > cut || (k && p->host_off[k] < p->host_off[k - 1]) ||
                    p->host_off[k] < p->host_begin || p->host_off[k] >= p->host_end)
                    bad++;
        }
        if (cut == len) full = hs->nprograms;
        host_strings_free(hs);
    }
    CHECK_EQ_LL(bad, 0);
    CHECK_EQ_LL(full, 2);

    CHECK(is_host_source_path("a/b.cpp") && is_host_source_path("x.h") && !is_host_source_path("k.cl") &&
          !is_host_source_path("dir.c/file"));

    /* CUDA/HIP programs for a run-time compiler: a kernel definition's head,
     * not a declaration, a launch or a name glued on at run time */
    const char *rtc = "const char *a = R\"(extern \"C\" __global__ void __launch_bounds__(256) k(int *x) { x[0] = 1; })\";\n"
                      "const char *b = \"__global__ void g(int *x);\";\n"
                      "const char *c = \"__global__ void \";\n";
    HostStrings *cuda = host_strings_scan_cuda(rtc, strlen(rtc));
    CHECK_EQ_LL(cuda->nprograms, 1);
    CHECK(cuda->nprograms == 1 && strstr(cuda->programs[0].text, "k(int *x)") != NULL);
    host_strings_free(cuda);
    CHECK_EQ_LL(programs("const char *s = \"__global__ void k(int *x) {}\";"), 0); /* OpenCL's scan: not a program */

    /* the headers it gives the compiler from memory, paired in order */
    const char *pushed = "std::vector<const char *> names, srcs;\n"
                       "names.push_back(\"a.h\"); srcs.push_back(\"typedef float real;\\n\");\n"
                       "names.push_back(\"b.h\"); srcs.push_back(\"#define N \" \"4\\n\");\n"
                       "nvrtcCreateProgram(&p, src, \"k.cu\", 2, srcs.data(), names.data());\n";
    char *paths[4], *texts[4];
    int nh = rtc_header_sources(pushed, strlen(pushed), "dir", paths, texts, 4);
    CHECK_EQ_LL(nh, 2);
    CHECK(nh == 2 && strcmp(paths[0], "dir/a.h") == 0 && strcmp(texts[0], "typedef float real;\n") == 0 &&
          strcmp(paths[1], "dir/b.h") == 0 && strcmp(texts[1], "#define N 4\n") == 0);
    for (int i = 0; i < nh; i++) {
        free(paths[i]);
        free(texts[i]);
    }
    const char *listed = "static const char *hdrs[] = {\"int x;\"}; static const char *inc[] = {\"x.h\"};\n"
                         "hiprtcCreateProgram(&p, src, \"k.hip\", 1, hdrs, inc);\n";
    nh = rtc_header_sources(listed, strlen(listed), ".", paths, texts, 4);
    CHECK(nh == 1 && strcmp(paths[0], "./x.h") == 0 && strcmp(texts[0], "int x;") == 0);
    for (int i = 0; i < nh; i++) {
        free(paths[i]);
        free(texts[i]);
    }
    return check_summary();
}
