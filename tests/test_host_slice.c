/* test_host_slice.c - an editor's reparse without the host statements that
 * feed no launch (frontend/host_slice.h): which statements a slice leaves
 * out, how it follows edits, and that a kept document using it gives the
 * findings of a fresh parse of the whole text: a slice is kept only when
 * its parse gave the same model, used for edits outside the sliced
 * functions, and dropped after an edit inside one.
 *
 *   test_host_slice SOURCE_DIR PCH [FILE...]
 * Each FILE is opened as a document, edited in its first kernel's body
 * and edited back, and compared with fresh parses after each step. */
#include "engine/engine.h"
#include "frontend/host_slice.h"
#include "output/finding_json.h"
#include "check.h"
#include "document_tests.h"
#include "util/fileio.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A slice of `text` by hand: one function at [fb, fe) with its statement
 * [db, de) left out. */
static HostSlice slice_of(const char *text, unsigned long fb, unsigned long fe, unsigned long db, unsigned long de)
{
    HostSlice s;
    memset(&s, 0, sizeof s);
    s.size = strlen(text);
    s.text = strdup(text);
    s.functions = malloc(sizeof *s.functions);
    s.functions[0] = (TextSpan){fb, fe};
    s.nfunctions = 1;
    s.dropped = malloc(sizeof *s.dropped);
    s.dropped[0] = (TextSpan){db, de};
    s.ndropped = 1;
    return s;
}

static void follows_edits(void)
{
    const char *text = "#include <a.h>\n__global__ void k() { }\nint main() {\n  load(r);\n  k<<<1,1>>>();\n}\n";
    unsigned long fb = (unsigned long)(strstr(text, "int main") - text), fe = (unsigned long)strlen(text) - 1;
    unsigned long db = (unsigned long)(strstr(text, "load") - text), de = db + strlen("load(r);");
    HostSlice s = slice_of(text, fb, fe, db, de);
    char *t = host_slice_text(&s);
    CHECK(strlen(t) == strlen(text));
    CHECK(strstr(t, "load") == NULL && strstr(t, "k<<<1,1>>>();") != NULL);
    CHECK(strstr(t, "{\n          \n  k<<<") != NULL); /* blanks, the line ends kept */
    free(t);

    /* an edit in the kernel's body: the spans move with it */
    const char *edited = "#include <a.h>\n__global__ void k() { int x = 1; }\nint main() {\n  load(r);\n  k<<<1,1>>>();\n}\n";
    CHECK_EQ_LL(host_slice_follow(&s, edited, strlen(edited)), SLICE_EDIT_OUTSIDE);
    t = host_slice_text(&s);
    CHECK(strstr(t, "load") == NULL && strstr(t, "int x = 1;") != NULL && strstr(t, "k<<<1,1>>>();") != NULL);
    free(t);
    CHECK_EQ_LL(host_slice_follow(&s, edited, strlen(edited)), SLICE_EDIT_OUTSIDE); /* the same text again */

    /* a new preprocessor line, even outside the function, or an edit of
     * one: nothing moves */
    const char *directive = "#include <a.h>\n#define N 4\n__global__ void k() { int x = 1; }\nint main() {\n  load(r);\n  k<<<1,1>>>();\n}\n";
    CHECK_EQ_LL(host_slice_follow(&s, directive, strlen(directive)), SLICE_EDIT_DIRECTIVE);
    const char *include = "#include <b.h>\n__global__ void k() { int x = 1; }\nint main() {\n  load(r);\n  k<<<1,1>>>();\n}\n";
    CHECK_EQ_LL(host_slice_follow(&s, include, strlen(include)), SLICE_EDIT_DIRECTIVE);
    CHECK(strcmp(s.text, edited) == 0);

    /* an edit inside the sliced function: its statements are no longer
     * known (nothing is blanked), the function's span grows with the edit */
    const char *in_main = "#include <a.h>\n__global__ void k() { int x = 1; }\nint main() {\n  load(rows);\n  k<<<1,1>>>();\n}\n";
    CHECK_EQ_LL(host_slice_follow(&s, in_main, strlen(in_main)), SLICE_EDIT_IN_FUNCTION);
    CHECK_EQ_LL(s.ndropped, 0);
    CHECK_EQ_LL(s.functions[0].end, (long long)strlen(in_main) - 1);
    t = host_slice_text(&s);
    CHECK(strcmp(t, in_main) == 0);
    free(t);
    /* ... and again inside it; then in the kernel, outside it */
    const char *in_main2 = "#include <a.h>\n__global__ void k() { int x = 1; }\nint main() {\n  load(rows, 2);\n  k<<<1,1>>>();\n}\n";
    CHECK_EQ_LL(host_slice_follow(&s, in_main2, strlen(in_main2)), SLICE_EDIT_IN_FUNCTION);
    const char *in_kernel = "#include <a.h>\n__global__ void k() { int x = 2; }\nint main() {\n  load(rows, 2);\n  k<<<1,1>>>();\n}\n";
    CHECK_EQ_LL(host_slice_follow(&s, in_kernel, strlen(in_kernel)), SLICE_EDIT_OUTSIDE);
    host_slice_clear(&s);
    CHECK_EQ_LL(host_slice_follow(&s, text, strlen(text)), SLICE_EDIT_DIRECTIVE); /* nothing to follow */
}

typedef struct {
    Engine *fresh;  /* engine_lint_file: a fresh parse of the whole text */
    Engine *plain;  /* documents that never slice */
    Engine *docs;   /* documents that check a slice after every whole parse */
    int fresh_differs;
} Engines;

static bool engines_new(Engines *e, const EngineOptions *o)
{
    char err[512];
    EngineOptions plain = *o;
    plain.frontend.slice = SLICE_NEVER;
    e->fresh = engine_new(o, err, sizeof err);
    e->plain = engine_new(&plain, err, sizeof err);
    e->docs = engine_new(o, err, sizeof err);
    e->fresh_differs = 0;
    CHECK(e->fresh && e->plain && e->docs);
    return e->fresh && e->plain && e->docs;
}

static void engines_free(Engines *e)
{
    if (e->fresh) engine_free(e->fresh);
    if (e->plain) engine_free(e->plain);
    if (e->docs) engine_free(e->docs);
}

/* One analysis of `text` as a document that slices, which must give what a
 * document that does not slice gives; returns how it used its slice
 * (HostSliceUse).  `with_fresh`: also what a fresh parse gives (a reparse
 * lists no declaration of the preamble's headers, so a header's template
 * kernel that no launch of the file names is a fresh parse's only). */
static int compare(Engines *e, const char *path, const char *text, const char *what, bool with_fresh, FileResult *keep)
{
    FileResult a, b, c;
    DocumentInfo info, plain_info;
    engine_lint_file(e->fresh, path, text, strlen(text), &a);
    engine_lint_document(e->plain, path, text, strlen(text), NULL, 0, &b, &plain_info);
    engine_lint_document(e->docs, path, text, strlen(text), NULL, 0, &c, &info);
    char *sa = summary(&a, true), *sb = summary(&b, true), *sc = summary(&c, true);
    if (strcmp(sb, sc) != 0) fprintf(stderr, "%s (%s):\n  whole:  %.3000s\n  sliced: %.3000s\n", path, what, sb, sc);
    CHECK(strcmp(sb, sc) == 0);
    if (with_fresh) {
        if (strcmp(sa, sc) != 0) fprintf(stderr, "%s (%s):\n  fresh:    %.3000s\n  document: %.3000s\n", path, what, sa, sc);
        CHECK(strcmp(sa, sc) == 0);
    }
    if (!with_fresh && strcmp(sa, sc) != 0) {
        printf("differs from a fresh parse: %s (%s)\n", path, what);
        e->fresh_differs++;
    }
    free(sa);
    free(sb);
    free(sc);
    CHECK_EQ_LL(plain_info.host_slice, HOST_SLICE_NONE);
    int use = info.host_slice;
    document_info_free(&info);
    document_info_free(&plain_info);
    file_result_free(&a);
    file_result_free(&b);
    if (keep) *keep = c;
    else file_result_free(&c);
    return use;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    if (!at) return strdup(text);
    size_t n = strlen(text) - strlen(from) + strlen(to);
    char *out = malloc(n + 1);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return out;
}

static const char MAIN_TEXT[] =
    "#include \"launch.cuh\"\n"
    "struct Reader {\n"
    "  Reader() : rows(0) {}\n"
    "  void load(const char *name) { rows = name ? 4 : 0; }\n"
    "  int rows;\n"
    "};\n"
    "__global__ void scale(float *x, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) x[i] = x[i] * 0.5;\n"
    "}\n"
    "int main(int argc, char **argv) {\n"
    "  Reader r;\n"
    "  r.load(argc > 1 ? argv[1] : 0);\n"
    "  int n = 1 << 20;\n"
    "  float *x;\n"
    "  cudaMalloc(&x, n * sizeof(float));\n"
    "  scale<<<(n + 255) / 256, 256>>>(x, n);\n"
    "  cudaDeviceSynchronize();\n"
    "  AFTER_LAUNCH\n"
    "  r.load(0);\n"
    "  return r.rows;\n"
    "}\n";

static const char HEADER_TEXT[] = "struct Pair { float a, b; };\n";

/* A document whose main reads a file into an object no launch reads. */
static void slices_a_document(const EngineOptions *o)
{
    char dir[] = "/tmp/gpulint-slice-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    Engines e;
    if (!engines_new(&e, o)) return;
    char header[600], main_file[600];
    snprintf(header, sizeof header, "%s/launch.cuh", dir);
    snprintf(main_file, sizeof main_file, "%s/main.cu", dir);
    write_text(header, HEADER_TEXT);
    char *text = replaced(MAIN_TEXT, "AFTER_LAUNCH", "");
    write_text(main_file, text);

    FileResult r;
    CHECK_EQ_LL(compare(&e, main_file, text, "open", true, &r), HOST_SLICE_CHECKED);
    CHECK_EQ_LL(count_rule(&r, "double-literal"), 1);
    file_result_free(&r);
    /* an edit in the kernel: parsed sliced, the literal fixed */
    char *fixed = replaced(text, "x[i] * 0.5;", "x[i] * 0.5f;");
    CHECK_EQ_LL(compare(&e, main_file, fixed, "kernel edited", true, &r), HOST_SLICE_USED);
    CHECK_EQ_LL(count_rule(&r, "double-literal"), 0);
    file_result_free(&r);
    /* edits of main: whole parses, unchecked (as without a slice) ... */
    char *wider = replaced(fixed, "1 << 20", "1 << 21");
    CHECK_EQ_LL(compare(&e, main_file, wider, "main edited", true, NULL), HOST_SLICE_NONE);
    CHECK_EQ_LL(compare(&e, main_file, fixed, "main edited back", true, NULL), HOST_SLICE_NONE);
    /* ... until an edit elsewhere: a new slice checked, then used */
    CHECK_EQ_LL(compare(&e, main_file, text, "kernel edited back", true, &r), HOST_SLICE_CHECKED);
    CHECK_EQ_LL(count_rule(&r, "double-literal"), 1);
    file_result_free(&r);
    CHECK_EQ_LL(compare(&e, main_file, fixed, "kernel edited again", true, NULL), HOST_SLICE_USED);

    /* an error in main: main stays whole (clang's recovery may hide what
     * its statements read), its error reported on every parse; the
     * method Reader::load is still sliced */
    char *typo = replaced(fixed, "cudaDeviceSynchronize();", "cudaDeviceSynchronize(); r.lod(0);");
    CHECK_EQ_LL(compare(&e, main_file, typo, "an error in main", true, &r), HOST_SLICE_NONE);
    CHECK(r.problems.nerrors + r.problems.nnotes > 0);
    file_result_free(&r);
    char *typo_kernel = replaced(typo, "x[i] * 0.5f;", "x[i] * 0.25f;");
    CHECK_EQ_LL(compare(&e, main_file, typo_kernel, "the same, kernel edited", true, &r), HOST_SLICE_CHECKED);
    CHECK(r.problems.nerrors + r.problems.nnotes > 0);
    file_result_free(&r);
    CHECK_EQ_LL(compare(&e, main_file, typo, "the same, kernel edited back", true, &r), HOST_SLICE_USED);
    CHECK(r.problems.nerrors + r.problems.nnotes > 0);
    file_result_free(&r);

    /* a header with a template kernel no launch of the file names: a first
     * parse lists it, a reparse does not; the check compares the main
     * file's part of the models, so the slice is kept at the opening */
    write_text(header, "template <typename T> __global__ void twice(T *p) { p[threadIdx.x] *= 2; }\n"
                       "template <typename T> void run_twice(T *p) { twice<<<1, 64>>>(p); }\n");
    engine_close_document(e.docs, main_file);
    engine_close_document(e.plain, main_file);
    CHECK_EQ_LL(compare(&e, main_file, text, "a header's template kernel", false, NULL), HOST_SLICE_CHECKED);
    CHECK_EQ_LL(compare(&e, main_file, fixed, "the same, kernel edited", false, NULL), HOST_SLICE_USED);

    free(text);
    free(fixed);
    free(wider);
    free(typo);
    free(typo_kernel);
    engines_free(&e);
    unlink(header);
    unlink(main_file);
    rmdir(dir);
}

/* Each file opened, a space typed in its first kernel's body, and typed
 * back: the findings of fresh parses every time. */
static void files_as_documents(const EngineOptions *o, char **files, int nfiles)
{
    Engines e;
    if (!engines_new(&e, o)) return;
    int counts[4] = {0};
    for (int i = 0; i < nfiles; i++) {
        long len;
        char *text = read_file(files[i], &len);
        CHECK(text != NULL);
        if (!text) continue;
        counts[compare(&e, files[i], text, "open", false, NULL)]++;
        const char *kernel = strstr(text, "__global__");
        const char *brace = kernel ? strchr(kernel, '{') : NULL;
        if (brace) {
            size_t at = (size_t)(brace - text) + 1;
            char *edited = malloc((size_t)len + 2);
            memcpy(edited, text, at);
            edited[at] = ' ';
            memcpy(edited + at + 1, text + at, (size_t)len - at + 1);
            counts[compare(&e, files[i], edited, "a kernel edited", false, NULL)]++;
            counts[compare(&e, files[i], text, "edited back", false, NULL)]++;
            free(edited);
        }
        free(text);
    }
    printf("%d files: slices checked and kept %d, refused %d; sliced parses %d, others %d; %d analyses differ from "
           "a fresh parse's\n",
           nfiles, counts[HOST_SLICE_CHECKED], counts[HOST_SLICE_REFUSED], counts[HOST_SLICE_USED],
           counts[HOST_SLICE_NONE], e.fresh_differs);
    engines_free(&e);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_host_slice SOURCE_DIR PCH [FILE...]\n");
        return 2;
    }
    follows_edits();
    EngineOptions o;
    shim_engine_options(&o, argv[1], argv[2]);
    o.frontend.slice = SLICE_ALWAYS;
    slices_a_document(&o);
    files_as_documents(&o, argv + 3, argc - 3);
    return check_summary();
}
