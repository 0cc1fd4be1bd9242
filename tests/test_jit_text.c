/* test_jit_text.c - what the host's text says about a run-time compiled
 * kernel, read without libclang: option strings and prefixes
 * (project/jit_options.c), option macros and traits classes
 * (project/jit_types.c), the sources built before a file
 * (project/jit_sources.c). */
#include "project/jit_options.h"
#include "project/jit_sources.h"
#include "project/jit_types.h"
#include "check.h"

#include <string.h>

static int value_is(const char *text, const char *name, OptionValue want, const char *value)
{
    char v[128] = "";
    OptionValue got = jit_option_value(text, name, v, sizeof v);
    int ok = got == want && (!value || strcmp(v, value) == 0);
    if (!ok) fprintf(stderr, "  %s in %s: kind %d value '%s'\n", name, text, (int)got, v);
    return ok;
}

static int type_is(JitTypes *t, const char *text, const char *name, JitTypeKind want, const char *value)
{
    char v[128] = "", how[160] = "";
    JitTypeKind got = jit_type_value(t, text, name, v, sizeof v, how, sizeof how);
    int ok = got == want && (!value || strcmp(v, value) == 0);
    if (!ok) fprintf(stderr, "  type %s: kind %d value '%s' (%s)\n", name, (int)got, v, how);
    return ok;
}

int main(void)
{
    /* option strings: a literal, a printf argument, a format library's {} */
    CHECK(value_is("opts = \"-DTILE=16 -DN=%d\", n;", "TILE", OPTION_LITERAL, "16"));
    CHECK(value_is("snprintf(o, 64, \"-DLEN=%d -DLOOPS=%u\", LEN, loops);", "LOOPS", OPTION_ARGUMENT, "loops"));
    char expr[128] = "";
    CHECK(jit_option_expression("s = fmt::format(\" -cl-std=CL{:Mm} -D dim_t={}\", v, traits<dim_t>::name());",
                                "dim_t", expr, sizeof expr) &&
          strcmp(expr, "traits<dim_t>::name()") == 0);

    /* a prefix the host puts before the kernel's text */
    CHECK(value_is("std::string p = \"typedef float real;\\n#define TILE_SIZE 32\\n\";", "TILE_SIZE", OPTION_LITERAL, "32"));
    CHECK(value_is("std::string p = \"typedef float real;\\n#define TILE_SIZE 32\\n\";", "real", OPTION_LITERAL, "float"));
    CHECK(value_is("p += \"#define NUM_ATOMS \" + std::to_string(num_atoms) + \"\\n\";", "NUM_ATOMS", OPTION_ARGUMENT,
                   "num_atoms"));
    CHECK(value_is("defines[\"NUM_ATOMS\"] = std::to_string(atoms);", "NUM_ATOMS", OPTION_ARGUMENT, "atoms"));
    CHECK(value_is("defines[\"TILE\"] = \"32\";", "TILE", OPTION_LITERAL, "32"));
    CHECK(value_is("defines[\"TILE\"] == \"32\";", "TILE", OPTION_ABSENT, NULL)); /* a comparison */
    CHECK(value_is("// typedef float real; in prose\nint x;", "real", OPTION_ABSENT, NULL));

    /* option macros and traits classes, learned from the project's text */
    JitTypes *t = jit_types_new();
    jit_types_learn(t, "#define DefineKeyValue(key, arg) \" -D \" #key \"=\" + toString(arg)\n"
                       "#define DefineKeyFromStr(arg) \" -D \" + std::string(arg)\n");
    jit_types_learn(t, "typedef long long index_t;\n"
                       "template<> struct type_traits<float> { static const char *name() { return \"float\"; } };\n"
                       "template<> struct type_traits<double> { enum { v = 1 }; static const char *name() { return \"double\"; } };\n"
                       "template<> struct type_traits<long long> { static const char *name() { return \"long\"; } };\n");
    const char *host = "template<typename T, typename Ti>\nvoid build() {\n"
                       "  opts = {DefineKeyValue(T, type_traits<T>::name()), DefineKeyValue(I, type_traits<index_t>::name()),\n"
                       "          DefineKeyValue(C, \"double\"), DefineKeyValue(U, type_traits<unknown_t>::name()),\n"
                       "          DefineKeyFromStr(opName<op>())};\n}\n";
    CHECK(type_is(t, host, "T", JIT_TYPE_GENERIC, "float"));  /* a type parameter: one of the types, float first */
    CHECK(type_is(t, host, "I", JIT_TYPE_FIXED, "long"));     /* a typedef's type, through its specialisation */
    CHECK(type_is(t, host, "C", JIT_TYPE_FIXED, "double"));   /* a literal */
    CHECK(type_is(t, host, "U", JIT_TYPE_NONE, NULL));        /* a concrete type no specialisation names */
    CHECK(jit_types_run_time_flag(t, host));
    CHECK(!jit_types_run_time_flag(t, "opts = {DefineKeyValue(T, x)};"));
    CHECK(jit_types_option_expression(t, host, "C", expr, sizeof expr) && strcmp(expr, "\"double\"") == 0);
    jit_types_free(t);

    /* the sources a host builds before the file's own */
    char stems[4][JIT_SOURCE_STEM];
    int n = jit_sources_before("getKernel(\"scan\", {{ops_cl_src, scan_first_cl_src}}, args);", "scan_first", stems, 4);
    CHECK(n == 1 && strcmp(stems[0], "ops") == 0);
    n = jit_sources_before("std::vector<Source> sources{write_cl_src};\nswitch (e) {\ncase A: sources.emplace_back(philox_cl_src);"
                           " break;\ncase B: sources.emplace_back(threefry_cl_src); break; }",
                           "threefry", stems, 4);
    CHECK(n == 1 && strcmp(stems[0], "write") == 0); /* philox is another branch's alternative */
    CHECK_EQ_LL(jit_sources_before("build(transpose_cl_src, opts);", "transpose", stems, 4), 0);
    return check_summary();
}
