/* replay.c - DIR/<finding-id>.replay/: the user's own kernel, as written and
 * with the finding's fix, timed by one generated harness.
 *
 * written.cu is a copy of the translation unit that defines the kernel, with
 * `main` renamed (on the command line) and a launcher appended; fixed.cu is
 * the same with the fix applied to the copy (never to the user's file); the
 * Makefile builds each into a shared object with the project's flags and
 * the harness bench.cu (gpulint_replay.h) loads both.  A fix that only
 * changes the launch (a block shape) uses written.so twice.  Everything the
 * replay needs comes from the finding's replay_* evidence
 * (rules/replay_facts.c); a finding without it, or whose fix cannot be
 * applied mechanically, gets no replay and the reason. */
#include "bench/replay.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/version.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#define REPLAY_MAX_PARAMS 32

typedef struct {
    const char *kernel, *tu;
    const char *const *params, *const *values, *const *names, *const *types;
    const long long *launch, *at;
    long long extents[REPLAY_MAX_PARAMS];
    int nparams, nat;
    long long shared;
    const char *const *assumed;
    int nassumed;
    /* the fix */
    const char *fix;             /* what the fixed variant changes, for the reader */
    const char *measures;        /* "kernel" or "upper bound" */
    bool source_fix;             /* fixed.cu differs from written.cu */
    long long fixed_launch[3][6];/* each fixed variant's grid and block (one, or fixed-block's shapes) */
    int nfixed;
    char fixed_names[3][32];     /* their names */
    double rtol, atol;           /* the comparison; rtol < 0: the output type's default */
    const char *not_compared;    /* why the fixed variant's output cannot be compared, or NULL */
} ReplayPlan;

static bool read_plan(const Finding *f, ReplayPlan *p, const char **why)
{
    memset(p, 0, sizeof *p);
    const char *refused = evidence_str(f, "replay_refused", NULL);
    if (refused) { *why = refused; return false; }
    const char *language = evidence_str(f, "language", "cuda");
    if (strcmp(language, "cuda") != 0) {
        *why = strcmp(language, "hip") == 0 ? "HIP kernels are not replayed yet (NVIDIA's nvcc builds replays)"
                                            : "OpenCL kernels are not replayed yet (replays are built with nvcc)";
        return false;
    }
    p->kernel = evidence_str(f, "replay_kernel", NULL);
    p->tu = evidence_str(f, "replay_tu", NULL);
    int n1 = 0, n2 = 0, n3 = 0, n4 = 0, n5 = 0, n6 = 0;
    p->params = evidence_str_list(f, "replay_params", &n1);
    p->values = evidence_str_list(f, "replay_values", &n2);
    const long long *extents = evidence_int_list(f, "replay_extents", &n3);
    if (n3 > REPLAY_MAX_PARAMS) { *why = "more than 32 parameters"; return false; }
    if (extents) memcpy(p->extents, extents, (size_t)n3 * sizeof *extents);
    p->launch = evidence_int_list(f, "replay_launch", &n4);
    p->names = evidence_str_list(f, "replay_names", &n5);
    p->types = evidence_str_list(f, "replay_types", &n6);
    p->at = evidence_int_list(f, "replay_kernel_at", &p->nat);
    p->assumed = evidence_str_list(f, "replay_assumed", &p->nassumed);
    p->shared = evidence_int(f, "replay_shared_bytes", 0);
    p->nparams = n1;
    if (!p->kernel || !p->tu || n4 != 6 || n2 != n1 || n3 != n1 || n5 != n1 || n6 != n1) {
        *why = "the finding's kernel was not found among the kernels modelled in its translation unit";
        return false;
    }
    for (int i = 0; i < p->nparams; i++)
        if (strncmp(p->params[i], "other", 5) == 0) {
            static char buf[256];
            snprintf(buf, sizeof buf, "parameter %.60s has a type the harness cannot make up (%.100s)", p->names[i],
                     p->types[i]);
            *why = buf;
            return false;
        }
    memcpy(p->fixed_launch[0], p->launch, sizeof p->fixed_launch[0]);
    p->nfixed = 1;
    snprintf(p->fixed_names[0], sizeof p->fixed_names[0], "fixed");
    p->rtol = -1;
    p->measures = "kernel";
    return true;
}

static int param_index(const ReplayPlan *p, const char *name)
{
    for (int i = 0; i < p->nparams; i++)
        if (strcmp(p->names[i], name) == 0 && strncmp(p->params[i], "val", 3) == 0) return i;
    return -1;
}

/* A launch-time scalar as a compile-time constant: specialize-constant's
 * parameter, or a parameter uniform-branch's condition reads. */
static bool specialize_param(const Finding *f, ReplayPlan *p, const char *src, size_t n, Buf *out, const char **why)
{
    int pi = -1;
    if (strcmp(f->rule, "specialize-constant") == 0) {
        pi = param_index(p, evidence_str(f, "symbol", ""));
    } else {
        char syms[512];
        snprintf(syms, sizeof syms, "%s", evidence_str(f, "symbols", ""));
        for (char *s = strtok(syms, ", "); s && pi < 0; s = strtok(NULL, ", ")) pi = param_index(p, s);
    }
    if (pi < 0) {
        *why = "the value it names is not a scalar parameter of the kernel";
        return false;
    }
    if (p->nat != 2) {
        *why = "the kernel is defined in a header, not in the file replayed";
        return false;
    }
    if (!replay_specialize(src, n, (unsigned)p->at[0], (unsigned)p->at[1], p->names[pi], p->types[pi], p->values[pi],
                           out, why))
        return false;
    static char what[256];
    snprintf(what, sizeof what, "parameter %.60s as a compile-time constant (%.40s)", p->names[pi], p->values[pi]);
    p->fix = what;
    return true;
}

/* fixed-block-16x16: each suggested shape (up to three) a variant, the grid
 * scaled to cover the same threads. */
static bool reshape_block(const Finding *f, ReplayPlan *p, const char **why)
{
    int n = 0;
    const char *const *shapes = evidence_str_list(f, "suggested_shapes", &n);
    long long tx = p->launch[0] * p->launch[3], ty = p->launch[1] * p->launch[4];
    p->nfixed = 0;
    for (int i = 0; i < n && p->nfixed < 3; i++) {
        int bx = 0, by = 0;
        if (sscanf(shapes[i], "%dx%d", &bx, &by) != 2 || bx < 1 || by < 1 || bx * by > 1024) continue;
        long long *l = p->fixed_launch[p->nfixed];
        memcpy(l, p->launch, sizeof p->fixed_launch[0]);
        l[3] = bx;
        l[4] = by;
        l[0] = (tx + bx - 1) / bx;
        l[1] = (ty + by - 1) / by;
        snprintf(p->fixed_names[p->nfixed++], sizeof p->fixed_names[0], "block %dx%d", bx, by);
    }
    if (!p->nfixed) {
        *why = "no suggested block shape";
        return false;
    }
    p->fix = "launched with each suggested block shape over the same threads";
    return true;
}

/* uncoalesced-row, -adjacent: the kernel with the flagged accesses' index
 * transposed so that lanes read adjacent elements: what storing the data
 * transposed (or vectorising) gains at most in this kernel.  The data are
 * permuted, so outputs are not compared. */
static bool transpose_plan(const Finding *f, ReplayPlan *p, const char *src, size_t n, Buf *fixed, const char **why)
{
    long long w = evidence_int(f, "replay_lane_stride", 0);
    int pi = (int)evidence_int(f, "replay_rewrite_param", -1), nr = 0;
    const long long *ranges = evidence_int_list(f, "replay_rewrites", &nr);
    if (w < 2 || pi < 0 || pi >= p->nparams || !ranges || nr % 4) {
        *why = "the flagged access's lane stride at the replay's values is not known";
        return false;
    }
    char kind[8] = "", elem[8] = "";
    int eb = 0;
    if (sscanf(p->params[pi], "%7s %7s %d", kind, elem, &eb) != 3 || eb < 1 || p->extents[pi] <= 0) {
        *why = "the model has no bound for the buffer's accesses: the transposed layout's size is unknown";
        return false;
    }
    long long t = (p->extents[pi] / eb + w - 1) / w;
    if (!replay_transpose(src, n, ranges, nr, w, t, fixed, why)) return false;
    p->extents[pi] = t * w * eb;
    static char what[200];
    snprintf(what, sizeof what, "%d access%s through %.60s with the index transposed (lanes %lld elements apart -> adjacent)",
             nr / 4, nr / 4 == 1 ? "" : "es", p->names[pi], w);
    p->fix = what;
    p->measures = "upper bound";
    p->not_compared = "the fix permutes the data (an upper bound of the gain, not the same result)";
    p->source_fix = true;
    return true;
}

/* The fix as a change to the copy (into fixed) or to the launch. */
static bool plan_fix(const Finding *f, ReplayPlan *p, const char *src, size_t n, Buf *fixed, const char **why)
{
    if (strcmp(f->rule, "double-literal") == 0) {
        if (!replay_apply_fixits(f, p->tu, src, n, fixed, why)) return false;
        p->source_fix = true;
        p->fix = "the finding's fix-its (single precision)";
        p->rtol = 1e-3;
        p->atol = 1e-5;
        return true;
    }
    if (strcmp(f->rule, "specialize-constant") == 0 || strcmp(f->rule, "uniform-branch") == 0) {
        p->source_fix = specialize_param(f, p, src, n, fixed, why);
        return p->source_fix;
    }
    if (strcmp(f->rule, "fixed-block-16x16") == 0) return reshape_block(f, p, why);
    if (strcmp(f->rule, "uncoalesced-row") == 0 || strcmp(f->rule, "uncoalesced-adjacent") == 0)
        return transpose_plan(f, p, src, n, fixed, why);
    *why = "its fix changes the data layout, which is not applied to a replay yet: the pattern benchmark stands";
    return false;
}

/* The launcher appended to each copy.  The kernel's own parameter types
 * (deduced from its address, so typedefs and template arguments resolve in
 * the file) convert the harness's values: a pointer is passed as it is, an
 * arithmetic value from the harness's integer or floating slot, a struct is
 * value-initialised with the fields the model saw set to the replay's
 * values.  C++14 (std::index_sequence). */
static void append_launcher(Buf *b, const ReplayPlan *p)
{
    buf_printf(b, "\n\n/* ---- appended by gpulint for a replay: the kernel's entry points ---- */\n"
                  "#include <new>\n#include <type_traits>\n#include <utility>\n"
                  "namespace gpulint_replay {\n"
                  "struct Slot { long long i; double d; };\n"
                  "template <int I, class P> struct Fields { static void set(P &) {} };\n");
    for (int i = 0; i < p->nparams; i++) {
        if (strncmp(p->params[i], "rec", 3) != 0) continue;
        buf_printf(b, "template <class P> struct Fields<%d, P> {\n    static void set(P &v)\n    {\n", i);
        char fields[512];
        snprintf(fields, sizeof fields, "%s", p->values[i]);
        for (char *f = strtok(fields, ";"); f; f = strtok(NULL, ";")) {
            char *eq = strchr(f, '=');
            if (!eq) continue;
            *eq = 0;
            buf_printf(b, "        v.%s = (decltype(v.%s))(%s);\n", f, f, eq + 1);
        }
        buf_printf(b, "    }\n};\n");
    }
    buf_printf(b,
               "template <int I, class P> static void *arg(void *in, unsigned char *, std::integral_constant<int, 0>) { return in; }\n"
               "template <int I, class P> static void *arg(void *in, unsigned char *st, std::integral_constant<int, 1>)\n"
               "{\n    *(P *)st = (P)((Slot *)in)->d;\n    return st;\n}\n"
               "template <int I, class P> static void *arg(void *in, unsigned char *st, std::integral_constant<int, 2>)\n"
               "{\n    *(P *)st = (P)((Slot *)in)->i;\n    return st;\n}\n"
               "template <int I, class P> static void *arg(void *in, unsigned char *st, std::integral_constant<int, 3>)\n"
               "{\n    static_assert(sizeof(P) <= 256, \"gpulint replay: a struct parameter over 256 bytes\");\n"
               "    P *v = new (st) P();\n    Fields<I, P>::set(*v);\n    return st;\n}\n"
               "template <int I, class P> static void *arg(void *in, unsigned char *st)\n{\n"
               "    return arg<I, P>(in, st, std::integral_constant<int, std::is_pointer<P>::value ? 0\n"
               "        : std::is_floating_point<P>::value ? 1 : (std::is_integral<P>::value || std::is_enum<P>::value) ? 2\n"
               "        : std::is_class<P>::value ? 3 : 0>());\n}\n"
               "template <class... P, std::size_t... I>\n"
               "static cudaError_t launch_seq(void (*k)(P...), std::index_sequence<I...>, dim3 g, dim3 b, void **in, size_t sh,\n"
               "                              cudaStream_t s)\n{\n"
               "    alignas(16) static unsigned char st[sizeof...(P) + 1][256];\n"
               "    void *args[sizeof...(P) + 1] = {arg<(int)I, P>(in[I], st[I])...};\n"
               "    return cudaLaunchKernel((const void *)k, g, b, args, sh, s);\n}\n"
               "template <class... P>\n"
               "static cudaError_t launch(void (*k)(P...), dim3 g, dim3 b, void **in, size_t sh, cudaStream_t s)\n{\n"
               "    return launch_seq(k, std::index_sequence_for<P...>(), g, b, in, sh, s);\n}\n"
               "} // namespace gpulint_replay\n"
               "extern \"C\" cudaError_t gpulint_replay_launch(dim3 grid, dim3 block, void **args, size_t shared,\n"
               "                                               cudaStream_t stream)\n"
               "{\n    return gpulint_replay::launch(&%s, grid, block, args, shared, stream);\n}\n"
               "extern \"C\" const void *gpulint_replay_kernel(void) { return (const void *)&%s; }\n",
               p->kernel, p->kernel);
}

/* Text from the analysed file that becomes code: printable, one line. */
static bool code_text_ok(const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c < 32 || *c >= 127 || *c == '\\' || (c[0] == '/' && (c[1] == '/' || c[1] == '*'))) return false;
    return *s != 0;
}

static void write_harness(Buf *b, const Finding *f, const ReplayPlan *p)
{
    buf_printf(b, "/* Generated by gpulint %s: a replay of finding %s, the kernel ", GPULINT_VERSION, f->id);
    buf_comment_text(b, p->kernel);
    buf_printf(b, " of\n * ");
    buf_comment_text(b, p->tu);
    buf_printf(b, "\n * as written (written.so) and with its fix: ");
    buf_comment_text(b, p->fix);
    buf_printf(b, " */\n");
    buf_finding_defines(b, f);
    buf_printf(b, "#include \"../gpulint_bench.h\"\n#include \"../gpulint_replay.h\"\n\n"
                  "static const gl::ReplayParam gl_params[] = {\n");
    for (int i = 0; i < p->nparams; i++) {
        char kind[8] = "", elem[8] = "", rw[4] = "r";
        int bytes = 0;
        sscanf(p->params[i], "%7s %7s %d %3s", kind, elem, &bytes, rw);
        const char *e = strcmp(elem, "f32") == 0 ? "F32" : strcmp(elem, "f64") == 0 ? "F64" : strcmp(elem, "int") == 0 ? "Int" : "Raw";
        buf_printf(b, "    {");
        buf_c_string(b, p->names[i]);
        if (strcmp(kind, "rec") == 0) { /* made in the launcher */
            buf_printf(b, ", gl::ReplayParam::Rec, gl::ReplayParam::Raw, %d, false, 0, \"0\"},\n", bytes);
        } else if (strcmp(kind, "ptr") == 0) {
            buf_printf(b, ", gl::ReplayParam::Ptr, gl::ReplayParam::%s, %d, %s, %lldLL, nullptr},\n", e, bytes,
                       strcmp(rw, "w") == 0 ? "true" : "false", p->extents[i]);
        } else {
            buf_printf(b, ", gl::ReplayParam::Val, gl::ReplayParam::%s, %d, false, 0, ", e, bytes);
            buf_c_string(b, p->values[i]);
            buf_printf(b, "},\n");
        }
    }
    if (!p->nparams) buf_printf(b, "    {\"\", gl::ReplayParam::Val, gl::ReplayParam::Int, 4, false, 0, \"0\"},\n");
    buf_printf(b, "};\n\nint main(int argc, char **argv)\n{\n"
                  "    gl::Bench b(argc, argv, GL_FINDING_ID, GL_RULE, GL_LOCATION);\n");
    buf_printf(b, "    b.param(\"replay\", \"the user's kernel\");\n");
    for (int i = 0; i < p->nassumed; i++) {
        buf_printf(b, "    b.note(std::string(\"assumed: \") + ");
        buf_c_string(b, p->assumed[i]);
        buf_printf(b, ");\n");
    }
    buf_printf(b, "    b.note(");
    buf_c_string(b, p->fix);
    buf_printf(b, ");\n    gl::Replay r(b, gl_params, %d, %lld);\n", p->nparams, p->shared);
    const long long *w = p->launch;
    buf_printf(b, "    r.variant(\"as written\", \"written.so\", dim3(%lld, %lld, %lld), dim3(%lld, %lld, %lld));\n", w[0],
               w[1], w[2], w[3], w[4], w[5]);
    for (int v = 0; v < p->nfixed; v++) {
        const long long *x = p->fixed_launch[v];
        buf_printf(b, "    r.variant(\"%s\", \"%s\", dim3(%lld, %lld, %lld), dim3(%lld, %lld, %lld))", p->fixed_names[v],
                   p->source_fix ? "fixed.so" : "written.so", x[0], x[1], x[2], x[3], x[4], x[5]);
        if (p->rtol >= 0) buf_printf(b, ".set_tolerance(%g, %g)", p->rtol, p->atol);
        if (p->not_compared) {
            buf_printf(b, ".set_not_compared(");
            buf_c_string(b, p->not_compared);
            buf_printf(b, ")");
        }
        buf_printf(b, ";\n");
    }
    buf_printf(b, "    return r.run();\n}\n");
}

/* A flag as one single-quoted word of a make recipe; false when it cannot
 * be (a quote or a line break in it). */
static bool add_make_word(Buf *b, const char *s)
{
    if (strpbrk(s, "'\n\r")) return false;
    buf_printf(b, " '");
    for (const char *c = s; *c; c++) {
        if (*c == '$') buf_char(b, '$');
        buf_char(b, *c);
    }
    buf_char(b, '\'');
    return true;
}

static void free_flags(char **flags, int n)
{
    for (int i = 0; i < n; i++) free(flags[i]);
    free(flags);
}

/* The Makefile rules of this replay: each copy into a shared object with
 * the project's flags, then the harness. */
static bool make_rules(ReplayEmit *r, const Finding *f, const ReplayPlan *p, const char **why)
{
    int nflags = 0;
    char **flags = r->flags_for ? r->flags_for(r->flags_ctx, p->tu, &nflags) : NULL;
    Buf words = {0};
    buf_add(&words, "", 0);
    bool ok = true, has_std = false;
    for (int i = 0; i < nflags && ok; i++) {
        ok = add_make_word(&words, flags[i]);
        has_std |= strncmp(flags[i], "-std=", 5) == 0;
    }
    char tudir[PATH_MAX]; /* make runs in DIR: the file's own directory, absolute */
    if (!realpath(p->tu, tudir)) snprintf(tudir, sizeof tudir, "%s", p->tu);
    char *slash = strrchr(tudir, '/');
    if (slash) *slash = 0;
    /* nvcc has no -iquote: the file's directory first among -I, as its
     * quoted includes would find it */
    char inc[PATH_MAX + 8];
    snprintf(inc, sizeof inc, "-I%s", tudir);
    Buf all = {0};
    buf_add(&all, "", 0);
    ok = ok && add_make_word(&all, inc);
    buf_add(&all, words.data, words.len);
    free(words.data);
    words = all;
    free_flags(flags, nflags);
    if (!ok) {
        free(words.data);
        *why = "a path or flag of the file's build has a quote or a line break";
        return false;
    }
    const char *id = f->id;
    buf_printf(r->makefile, "\n# %s\n", id);
    const char *objs[2] = {"written", p->source_fix ? "fixed" : NULL};
    for (int i = 0; i < 2 && objs[i]; i++)
        buf_printf(r->makefile,
                   "%s.replay/%s.so: %s.replay/%s.cu\n\t@rm -f $@\n"
                   "\t$(NVCC) $(REPLAY_NVCCFLAGS)%s%s -Dmain=gpulint_replay_user_main -Xcompiler -fPIC -shared "
                   "-cudart shared -o $@ $<\n",
                   id, objs[i], id, objs[i], has_std ? "" : " -std=c++17", words.data);
    buf_printf(r->makefile,
               "%s.replay/bench: %s.replay/bench.cu %s.replay/written.so%s%s%s gpulint_bench.h gpulint_bench_stats.h "
               "gpulint_replay.h\n\t@rm -f $@\n\t$(NVCC) $(NVCCFLAGS) -cudart shared -o $@ $< -ldl\n",
               id, id, id, p->source_fix ? " " : "", p->source_fix ? id : "", p->source_fix ? ".replay/fixed.so" : "");
    buf_printf(r->targets, " %s.replay/bench", id);
    free(words.data);
    return true;
}

static bool write_replay_file(ReplayEmit *r, int fd, const char *sub, const char *name, const Buf *b)
{
    if (write_at(fd, name, b->data ? b->data : "", b->len, 0)) return true;
    diag_error(r->diags, NULL, 0, 0, "--emit-bench: cannot write %s/%s/%s", r->dir, sub, name);
    return false;
}

cJSON *replay_emit(ReplayEmit *r, const Finding *f, const char **why)
{
    ReplayPlan p;
    if (!read_plan(f, &p, why)) return NULL;
    if (!code_text_ok(p.kernel)) { *why = "the kernel's name cannot be written into a launcher"; return NULL; }
    for (int i = 0; i < p.nparams; i++)
        if (!code_text_ok(p.types[i]) || !code_text_ok(p.values[i][0] ? p.values[i] : "0") ||
            strpbrk(p.values[i], "(){}\"'#")) {
            *why = "a parameter's type or value cannot be written into generated code";
            return NULL;
        }
    long size = 0;
    char *src = read_file(p.tu, &size);
    if (!src) { *why = "the translation unit cannot be read"; return NULL; }
    Buf written = {0}, fixed = {0};
    buf_add(&written, src, (size_t)size);
    bool ok = plan_fix(f, &p, src, (size_t)size, &fixed, why);
    free(src);
    char sub[512];
    snprintf(sub, sizeof sub, "%s.replay", f->id);
    Buf harness = {0};
    cJSON *entry = NULL;
    if (ok) ok = make_rules(r, f, &p, why);
    int fd = ok ? open_subdir(r->dirfd, r->dir, sub, r->diags) : -1;
    if (fd >= 0) {
        append_launcher(&written, &p);
        if (p.source_fix) append_launcher(&fixed, &p);
        write_harness(&harness, f, &p);
        bool wrote = write_replay_file(r, fd, sub, "written.cu", &written) &&
                     (!p.source_fix || write_replay_file(r, fd, sub, "fixed.cu", &fixed)) &&
                     write_replay_file(r, fd, sub, "bench.cu", &harness);
        close(fd);
        if (wrote) {
            entry = cJSON_CreateObject();
            cJSON_AddStringToObject(entry, "kernel", p.kernel);
            cJSON_AddStringToObject(entry, "fix", p.fix);
            cJSON_AddStringToObject(entry, "measures", p.measures);
            cJSON_AddBoolToObject(entry, "source_fix", p.source_fix);
            cJSON *launch = cJSON_AddArrayToObject(entry, "launch");
            for (int i = 0; i < 6; i++) cJSON_AddItemToArray(launch, cJSON_CreateNumber((double)p.launch[i]));
            if (p.nassumed) cJSON_AddItemToObject(entry, "assumed", cJSON_CreateStringArray(p.assumed, p.nassumed));
            r->written++;
        } else {
            *why = "its files could not be written";
        }
    } else if (ok) {
        *why = "its directory could not be created";
    }
    free(written.data);
    free(fixed.data);
    free(harness.data);
    return entry;
}
