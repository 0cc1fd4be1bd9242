/* cost_model.c - the H100 measurements as tables, and how a finding's
 * evidence is read against them.  Every number here is a row of
 * docs/measured/README.md (the calibration run of bench/calibrate.sh, or a
 * benchmark of a finding of testdata/examples), named by its `source`. */
#include "rules/cost_model.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#define NPOINTS(a) ((int)(sizeof(a) / sizeof((a)[0])))

static double round2(double x)
{
    return floor(x * 100.0 + 0.5) / 100.0;
}

Severity cost_severity(double speedup)
{
    if (speedup >= COST_HIGH_SPEEDUP) return SEV_HIGH;
    if (speedup >= COST_MEDIUM_SPEEDUP) return SEV_MEDIUM;
    if (speedup >= COST_LOW_SPEEDUP) return SEV_LOW;
    return SEV_INFO;
}

double cost_table_lookup(const CostPoint *p, int n, double x, const char *param, char *basis, size_t nbasis)
{
    if (x <= p[0].x || n == 1) {
        if (x == p[0].x)
            snprintf(basis, nbasis, "%s (%.2fx)", p[0].source, p[0].speedup);
        else if (n == 1)
            snprintf(basis, nbasis, "%s (%.2fx); only %s=%g was measured", p[0].source, p[0].speedup, param, p[0].x);
        else
            snprintf(basis, nbasis, "%s (%.2fx); %s=%g is below the measured %s=%g..%g", p[0].source, p[0].speedup,
                     param, x, param, p[0].x, p[n - 1].x);
        return round2(p[0].speedup);
    }
    if (x >= p[n - 1].x) {
        if (x == p[n - 1].x)
            snprintf(basis, nbasis, "%s (%.2fx)", p[n - 1].source, p[n - 1].speedup);
        else
            snprintf(basis, nbasis, "%s (%.2fx); %s=%g is beyond the measured %s=%g..%g", p[n - 1].source,
                     p[n - 1].speedup, param, x, param, p[0].x, p[n - 1].x);
        return round2(p[n - 1].speedup);
    }
    int i = 1;
    while (p[i].x < x) i++;
    if (p[i].x == x) {
        snprintf(basis, nbasis, "%s (%.2fx)", p[i].source, p[i].speedup);
        return round2(p[i].speedup);
    }
    const CostPoint *a = &p[i - 1], *b = &p[i];
    double t = (log2(x) - log2(a->x)) / (log2(b->x) - log2(a->x));
    double s = a->speedup + t * (b->speedup - a->speedup);
    snprintf(basis, nbasis, "interpolated at %s=%g between %s (%.2fx) and %s (%.2fx)", param, x, a->source,
             a->speedup, b->source, b->speedup);
    return round2(s);
}

/* The prediction's basis: a description of the shape, then how the
 * table was read. */
static void predict_from(CostPrediction *out, const CostPoint *p, int n, double x, const char *param,
                         const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static void predict_from(CostPrediction *out, const CostPoint *p, int n, double x, const char *param,
                         const char *fmt, ...)
{
    char shape[160], read[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(shape, sizeof shape, fmt, ap);
    va_end(ap);
    out->known = true;
    out->speedup = cost_table_lookup(p, n, x, param, read, sizeof read);
    snprintf(out->basis, sizeof out->basis, "%.150s: %.250s", shape, read);
}

static void no_measurement(CostPrediction *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void no_measurement(CostPrediction *out, const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    out->known = false;
    out->speedup = 0;
    snprintf(out->basis, sizeof out->basis, "%s (%.250s)", COST_NO_MEASUREMENT, why);
}

/* ------------------------------------------------- uncoalesced-adjacent */

/* The scalar accesses against the best fix (restrict or vector), 4-byte
 * elements, by K.  Loads and stores interleaved (a per-element copy): the
 * load-store ordering is what costs.  Loads only: L1 merges the sectors. */
static const CostPoint ADJACENT_COPY[] = {
    {2, 1.14, "adjacent-K2-copy"}, {4, 2.08, "adjacent-K4-copy"}, {8, 3.76, "adjacent-K8-copy"}};
static const CostPoint ADJACENT_LOADS[] = {{3, 1.00, "examples/image_blur.cu:31 (K=3 loads)"}, {4, 1.00, "adjacent-K4-loads"}};
/* Stores alone (a thread reads one value and writes K): the write-back
 * merges K <= 4 per-thread stores; K=8 (32 bytes per lane) does not. */
static const CostPoint ADJACENT_STORES[] = {
    {2, 1.01, "adjacent-K2-stores"}, {4, 1.00, "adjacent-K4-stores"}, {8, 4.85, "adjacent-K8-stores"}};

static void predict_adjacent(const Finding *f, CostPrediction *out)
{
    long long K = evidence_int(f, "K", 0), bytes = evidence_int(f, "element_bytes", 4);
    bool copy = evidence_int(f, "copy_shape", 0) != 0;
    bool store = strcmp(evidence_str(f, "access", "load"), "store") == 0;
    long long struct_bytes = evidence_int(f, "struct_bytes", 0);
    if (struct_bytes > 0 && K * bytes != struct_bytes) {
        /* lanes a whole struct apart, but fewer bytes used than the measured K-element shapes */
        no_measurement(out, "%lld of the %lld bytes of each struct touched: lanes %lld bytes apart; only fully used "
                            "K-element groups were measured", K * bytes, struct_bytes, struct_bytes);
        return;
    }
    /* other element sizes read at the K of 4-byte ones with the same bytes
     * per thread (the lanes' distance decides the sectors) */
    double k4 = (double)K * (double)bytes / 4.0;
    if (K < 2 || bytes <= 0 || bytes > 8 || k4 < 2) {
        no_measurement(out, K < 2 ? "no K"
                            : bytes > 8 ? "only elements of up to 8 bytes were measured"
                                        : "fewer than 8 bytes per thread: the lanes are as close as 4-byte elements'");
        return;
    }
    char elems[96] = "";
    if (bytes != 4) snprintf(elems, sizeof elems, ", read as K=%g of 4-byte elements", k4);
    if (struct_bytes > 0)
        snprintf(elems + strlen(elems), sizeof elems - strlen(elems), " (the fields of a %lld-byte struct)", struct_bytes);
    if (copy)
        predict_from(out, ADJACENT_COPY, NPOINTS(ADJACENT_COPY), k4, "K", "K=%lld loads and stores of %lld-byte elements%s",
                     K, bytes, elems);
    else if (store)
        predict_from(out, ADJACENT_STORES, NPOINTS(ADJACENT_STORES), k4, "K", "K=%lld stores of %lld-byte elements%s", K,
                     bytes, elems);
    else
        predict_from(out, ADJACENT_LOADS, NPOINTS(ADJACENT_LOADS), k4, "K", "K=%lld loads of %lld-byte elements%s", K,
                     bytes, elems);
}

/* ------------------------------------------------------ uncoalesced-row */

/* Thread per row against the transposed layout (or a warp per row), float
 * elements, by row width W. */
static const CostPoint ROW[] = {{4, 1.00, "row-W4"},   {8, 0.99, "row-W8-const"},  {16, 1.39, "row-W16"},
                                {32, 2.74, "row-W32-const"}, {64, 2.76, "row-W64"}, {256, 2.96, "row-W256"}};
/* What the benchmark and the prediction take for a width known only at run time. */
#define ROW_ASSUMED_WIDTH 64

/* A 2-D mapping turned around (x*W + y, threadIdx.x picks the row): one
 * load and one store per thread against the swapped mapping, W=1024, by
 * the sectors of a warp request, which the block's x extent sets (8x32,
 * 16x16 float and double, 32x8; bench/calibrate.sh row2d-*). */
static const CostPoint ROW_2D[] = {
    {8, 1.05, "row2d-f32-8x32"}, {16, 1.40, "row2d-f32-16x16, row2d-f64-16x16"}, {32, 4.55, "row2d-f32-32x8"}};
/* A lane per row in a 1-D block as wide as the row length (mapping
 * lane-row): 32 sectors a request like 32x8, but no warp of the block shares
 * a sector with another (32x8's eight rows of lanes do): 256x1, W=1024. */
static const CostPoint ROW_LANE[] = {{32, 8.17, "row2d-f32-256x1"}};

static void predict_row_2d(const Finding *f, CostPrediction *out)
{
    long long sectors = evidence_int(f, "sectors_per_request", 0);
    const char *shape = evidence_str(f, "block_shape", "");
    bool known = strchr(shape, 'x') && strncmp(shape, "assumed", 7) != 0;
    if (!known) sectors = 16; /* as benchmarked: a 16x16 block */
    if (sectors <= 0) {
        no_measurement(out, "unknown sectors per request");
        return;
    }
    if (strcmp(evidence_str(f, "mapping", ""), "lane-row") == 0) {
        predict_from(out, ROW_LANE, NPOINTS(ROW_LANE), (double)sectors, "sectors",
                     "a row per lane, the block as wide as the row, %lld sectors per warp request", sectors);
        return;
    }
    predict_from(out, ROW_2D, NPOINTS(ROW_2D), (double)sectors, "sectors", "a transposed 2-D mapping, %lld sectors per warp request%s",
                 sectors, known ? "" : " (block shape unknown: read as 16x16, as benchmarked)");
}

/* A kernel that runs as one block (evidence one_block, below): the same walk
 * with one block of 256 threads, or of one warp when the block is known to
 * have at most 32 threads (OpenCL's reqd_work_group_size). */
static const CostPoint ONE_BLOCK_ROW[] = {{32, 1.27, "row-W32-const-1block"}, {64, 2.49, "row-W64-1block"}};
/* The same with the block one warp (a known block of at most 32 threads:
 * OpenCL's reqd_work_group_size): 32 rows walked, nothing measurable. */
static const CostPoint ONE_WARP_ROW[] = {{32, 0.99, "row-W32-const-1block-32t"}, {64, 1.00, "row-W64-1block-32t"}};

static void predict_row(const Finding *f, CostPrediction *out)
{
    if (strcmp(evidence_str(f, "mapping", ""), "transposed-2d") == 0 || strcmp(evidence_str(f, "mapping", ""), "lane-row") == 0) {
        predict_row_2d(f, out);
        return;
    }
    long long W = evidence_int(f, "row_width_value", 0), bytes = evidence_int(f, "element_bytes", 4);
    long long walk = evidence_int(f, "walk_length", 0);
    char assumed[96] = "";
    if (walk > 0) { /* each thread reads only `walk` elements of its row: a row that long, as benchmarked */
        W = walk;
        snprintf(assumed, sizeof assumed, " (each thread reads %lld elements of its row)", walk);
    } else if (W <= 0) {
        W = ROW_ASSUMED_WIDTH;
        snprintf(assumed, sizeof assumed, " (runtime width assumed %d, as benchmarked)", ROW_ASSUMED_WIDTH);
    }
    if (bytes <= 0) {
        no_measurement(out, "unknown element size");
        return;
    }
    /* the lanes' distance in bytes decides: read at the float W with the same distance */
    double w4 = (double)W * (double)bytes / 4.0;
    if (evidence_int(f, "one_block", 0)) {
        long long threads = block_shape_threads(f);
        bool one_warp = threads > 0 && threads <= 32;
        predict_from(out, one_warp ? ONE_WARP_ROW : ONE_BLOCK_ROW, 2, w4, "W",
                     "rows of W=%lld in a kernel that runs as one block%s", W, one_warp ? " of one warp" : "");
        return;
    }
    char elems[64] = "";
    if (bytes != 4) snprintf(elems, sizeof elems, ", read as W=%g of 4-byte elements", w4);
    predict_from(out, ROW, NPOINTS(ROW), w4, "W", "rows of W=%lld %lld-byte elements%s%s", W, bytes, assumed, elems);
}

/* ---------------------------------------------------- oversized-element */

/* A whole struct of floats (4-byte aligned) copied per thread, against
 * float4 chunks, by size in bytes (the catalogue: 8-20 B no loss). */
static const CostPoint STRUCT_COPY[] = {{20, 1.01, "struct-20B"},
                                        {24, 1.41, "struct-24B"},
                                        {32, 2.98, "struct-32B"},
                                        {64, 4.71, "struct-64B"},
                                        {128, 19.83, "struct-128B"}};
/* One char (short) per thread: by the share of the kernel's requests that
 * are such per-thread sub-word accesses (evidence subword_share_percent):
 * 100% is the pure copy; 50% a byte (short) read next to an int written per
 * element, 25% the same with two more int arrays read; the char4 (short4)
 * fix widens the word streams beside it too.  Below 25% there is no finding. */
static const CostPoint SUBWORD_CHAR[] = {{25, 1.10, "char-3int"}, {50, 1.65, "char-int"}, {100, 3.67, "char"}};
static const CostPoint SUBWORD_SHORT[] = {{25, 1.08, "short-3int"}, {50, 1.51, "short-int"}, {100, 2.09, "short"}};

static void predict_subword(const Finding *f, CostPrediction *out)
{
    long long size = evidence_int(f, "size", 0), share = evidence_int(f, "subword_share_percent", 100);
    if (size != 1 && size != 2) {
        no_measurement(out, "%lld-byte elements", size);
        return;
    }
    if (share <= 0 || share > 100) share = 100;
    predict_from(out, size == 1 ? SUBWORD_CHAR : SUBWORD_SHORT, 3, (double)share, "share",
                 "one %lld-byte element per thread, %lld%% of the kernel's requests", size, share);
}

static void predict_oversized(const Finding *f, CostPrediction *out)
{
    long long size = evidence_int(f, "size", 0), align = evidence_int(f, "alignment", 4);
    if (strcmp(evidence_str(f, "kind", ""), "subword") == 0) {
        predict_subword(f, out);
    } else if (!evidence_has_str(f, "fields", "whole")) {
        no_measurement(out, "single-field reads of a struct were not measured");
    } else if (align > 4) {
        no_measurement(out, "only 4-byte aligned structs were measured; this one is %lld-byte aligned", align);
    } else {
        long long rounded = (size + 3) / 4 * 4;
        predict_from(out, STRUCT_COPY, NPOINTS(STRUCT_COPY), (double)rounded, "bytes",
                     "whole %lld-byte struct per thread", size);
    }
}

/* -------------------------------------------------------- double-literal */

/* Each class: the float expression as written against the float fix, in
 * a dependent chain of 64 evaluations. */
static const CostPoint DL_EXACT_OP[] = {{1, 1.00, "examples/activations.cu:46 (x * 0.5)"}};
static const CostPoint DL_INEXACT_OP[] = {{1, 5.82, "examples/activations.cu:35 (0.01 * x)"}};
static const CostPoint DL_CHAIN_EXACT[] = {{1, 5.77, "mul-1.5 (x*1.5+0.25)"}};
static const CostPoint DL_CHAIN_INEXACT[] = {{1, 5.77, "mul-0.1 (x*0.1+0.3)"}};
static const CostPoint DL_EXP_CALL[] = {{1, 3.03, "exp-4.0 (exp(-(4.0)/x))"}};
/* Other math routines run in double, and a chain through a division: the
 * emitted benchmarks of testdata/rules/double-literal (H100, 2026-11-24;
 * the best fix: the fast intrinsic where one exists). */
static const CostPoint DL_LOG_CALL[] = {{1, 12.07, "testdata pos_math_calls.cu:30 (log(x + 1.0), __logf)"}};
static const CostPoint DL_TANH_CALL[] = {{1, 5.75, "testdata pos_math_calls.cu:47 (tanh(x * 0.5))"}};
static const CostPoint DL_SQRT_CALL[] = {{1, 2.39, "testdata pos_math_calls.cu:21 (sqrt(x * 2.0))"}};
static const CostPoint DL_CHAIN_DIV[] = {{1, 1.87, "testdata pos_chains_constants.cu:54 (g * e / (e + 1.))"}};
/* The same expressions as an elementwise kernel runs them: one evaluation
 * per element of a 64 Mi-element array read and written once, memory-bound
 * (bench/calibrate.sh stream-*, H100, 2026-11-24).  The double operations
 * hide behind the memory traffic; only double math routines still show. */
static const CostPoint DL_STREAM_EXACT_OP[] = {{1, 1.00, "stream-exact-op (x * 0.5)"}};
static const CostPoint DL_STREAM_INEXACT_OP[] = {{1, 1.01, "stream-inexact-op (0.01 * x)"}};
static const CostPoint DL_STREAM_CHAIN[] = {{1, 1.02, "stream-chain (x*0.1+0.3)"}};
static const CostPoint DL_STREAM_CHAIN_DIV[] = {{1, 1.04, "stream-chain-div (x*x/(x+1.))"}};
static const CostPoint DL_STREAM_EXP[] = {{1, 1.13, "stream-exp (exp(-(4.0)/x), __expf)"}};
static const CostPoint DL_STREAM_LOG[] = {{1, 1.23, "stream-log (log(x+1.0), __logf)"}};
static const CostPoint DL_STREAM_TANH[] = {{1, 1.31, "stream-tanh (tanh(x*0.5))"}};
static const CostPoint DL_STREAM_SQRT[] = {{1, 1.02, "stream-sqrt (sqrt(x*2.0))"}};

/* The point measured in the finding's context: memory-bound (an evaluation
 * per global access) or the compute-bound chain. */
static const CostPoint *in_context(const CostPoint *p, bool memory_bound)
{
    if (!memory_bound) return p;
    static const struct {
        const CostPoint *chain, *stream;
    } pairs[] = {{DL_EXACT_OP, DL_STREAM_EXACT_OP},   {DL_INEXACT_OP, DL_STREAM_INEXACT_OP},
                 {DL_CHAIN_EXACT, DL_STREAM_CHAIN},   {DL_CHAIN_INEXACT, DL_STREAM_CHAIN},
                 {DL_CHAIN_DIV, DL_STREAM_CHAIN_DIV}, {DL_EXP_CALL, DL_STREAM_EXP},
                 {DL_LOG_CALL, DL_STREAM_LOG},        {DL_TANH_CALL, DL_STREAM_TANH},
                 {DL_SQRT_CALL, DL_STREAM_SQRT}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (pairs[i].chain == p) return pairs[i].stream;
    return p;
}

/* The measured math routine `name` (std:: taken off), or NULL. */
static const CostPoint *math_point(const char *name, const char **label)
{
    static const struct {
        const char *name;
        const CostPoint *point;
    } calls[] = {{"exp", DL_EXP_CALL}, {"log", DL_LOG_CALL}, {"tanh", DL_TANH_CALL}, {"sqrt", DL_SQRT_CALL}};
    if (strncmp(name, "std::", 5) == 0) name += 5;
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
        if (strcmp(name, calls[i].name) == 0) {
            *label = calls[i].name;
            return calls[i].point;
        }
    return NULL;
}

/* The first measured math routine called in a chain's text, or NULL. */
static const CostPoint *chain_math_point(const char *chain, const char **label)
{
    for (const char *p = chain; *p; p++) {
        if (!isalpha((unsigned char)*p) || (p > chain && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))) continue;
        const char *e = p;
        while (isalnum((unsigned char)*e) || *e == '_') e++;
        const char *q = e;
        while (*q == ' ') q++;
        char name[32];
        if (*q == '(' && e - p < (long)sizeof name) {
            snprintf(name, sizeof name, "%.*s", (int)(e - p), p);
            const CostPoint *pt = math_point(name, label);
            if (pt) return pt;
        }
        p = e - 1;
    }
    return NULL;
}

/* Counts the binary arithmetic operators of an expression's text (numbers
 * skipped whole, so the sign of 1e-3 is not one), and whether it compares. */
static int arithmetic_ops(const char *s, bool *compares)
{
    int n = 0;
    bool operand_before = false;
    *compares = false;
    for (size_t i = 0; s[i];) {
        char c = s[i];
        if ((c >= '0' && c <= '9') || (c == '.' && s[i + 1] >= '0' && s[i + 1] <= '9')) {
            if (operand_before) { i++; continue; } /* digits inside a name */
            while (s[i] && (strchr("0123456789.xXabcdefABCDEFpP", s[i]) ||
                            ((s[i] == '+' || s[i] == '-') && strchr("eEpP", s[i - 1]))))
                i++;
            while (s[i] && strchr("fFlLuU", s[i])) i++;
            operand_before = true;
            continue;
        }
        if (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ')' || c == ']') {
            operand_before = true;
            i++;
            continue;
        }
        if (c == ' ' || c == '\t') { i++; continue; }
        if (strchr("<>!=", c)) {
            if (c == '=' && s[i + 1] != '=') { operand_before = false; i++; continue; } /* plain assignment */
            *compares = true;
            i += s[i + 1] == '=' ? 2 : 1;
            operand_before = false;
            continue;
        }
        if (strchr("+-*/", c) && operand_before) {
            n++;
            if (s[i + 1] == '=') i++; /* v *= 0.5 */
        }
        operand_before = false;
        i++;
    }
    return n;
}

/* Exactly representable in float: nvcc then narrows a lone operation on it
 * back to float (double rounding is innocuous for + - * /). */
static bool exact_in_float(const char *literal, bool *parsed)
{
    char *end;
    double v = strtod(literal, &end);
    *parsed = end != literal && (*end == 0 || strchr("lL", *end));
    return *parsed && (double)(float)v == v;
}

static void predict_double_literal(const Finding *f, CostPrediction *out)
{
    bool mem = strcmp(evidence_str(f, "context", ""), "memory-bound") == 0;
    const char *where = mem ? ", next to the kernel's global accesses (memory-bound)" : "";
    const char *math = evidence_str(f, "double_math_call", NULL);
    const char *label = NULL;
    if (math) {
        const CostPoint *pt = math_point(math, &label);
        if (!pt) no_measurement(out, "%s() in double: exp, log, tanh and sqrt were measured", math);
        else predict_from(out, in_context(pt, mem), 1, 1, "call", "%s() run in double%s", label, where);
        return;
    }
    /* the float operand is computed in float: only the rest runs in double */
    const char *expr = evidence_str(f, "expression", ""), *flt = evidence_str(f, "float_operand", "");
    const char *at = flt[0] ? strstr(expr, flt) : NULL;
    char rest[512];
    if (at) snprintf(rest, sizeof rest, "%.*sx%.200s", (int)(at - expr < 200 ? at - expr : 200), expr, at + strlen(flt));
    else snprintf(rest, sizeof rest, "%.400s", expr);
    bool compares;
    int ops = arithmetic_ops(rest, &compares);
    bool parsed;
    bool exact = exact_in_float(evidence_str(f, "constant_value", evidence_str(f, "literal", "")), &parsed);
    bool chain = evidence_int(f, "result_in_double", 0) != 0;
    const char *chain_text = evidence_str(f, "chain", NULL);
    const CostPoint *chain_call = chain && chain_text ? chain_math_point(chain_text, &label) : NULL;
    if (compares)
        no_measurement(out, "a comparison in double");
    else if (chain_call)
        predict_from(out, in_context(chain_call, mem), 1, 1, "call", "a chain of double operations through %s() in double%s", label, where);
    else if (chain && chain_text && strchr(chain_text, '/'))
        predict_from(out, in_context(DL_CHAIN_DIV, mem), 1, 1, "op", "a chain of double operations with a division%s", where);
    else if (chain && parsed)
        predict_from(out, in_context(exact ? DL_CHAIN_EXACT : DL_CHAIN_INEXACT, mem), 1, 1, "op",
                     "a chain of double operations (the result feeds another one)%s", where);
    else if (ops != 1)
        no_measurement(out, "'%s' is not one arithmetic operation on the float operand", expr);
    else if (!parsed)
        no_measurement(out, "the value of '%s' is not known", evidence_str(f, "literal", ""));
    else if (exact)
        predict_from(out, in_context(DL_EXACT_OP, mem), 1, 1, "op", "one operation on a literal exact in float (nvcc narrows it to float)%s", where);
    else
        predict_from(out, in_context(DL_INEXACT_OP, mem), 1, 1, "op", "one operation on a literal not exact in float%s", where);
}

/* ----------------------------------------------------- fixed-block-16x16 */

static const CostPoint BLOCK_ROW_REUSE[] = {{1, 1.48, "block-rowreuse (8x32 best)"}};
static const CostPoint BLOCK_ROW_MAJOR[] = {{1, 1.09, "block-copy (64x4 best)"}};

static void predict_block(const Finding *f, CostPrediction *out)
{
    const char *ctx = evidence_str(f, "context", "");
    if (strcmp(ctx, "row-reuse") == 0)
        predict_from(out, BLOCK_ROW_REUSE, 1, 1, "shape", "16x16 block on a kernel reusing rows");
    else if (strcmp(ctx, "row-major") == 0)
        predict_from(out, BLOCK_ROW_MAJOR, 1, 1, "shape", "16x16 block on a row-major kernel");
    else
        no_measurement(out, "kernel context '%s'", ctx[0] ? ctx : "unknown");
}

/* --------------------------------------------------- specialize-constant */

/* Runtime K against template<K>, by K: with a per-thread array the runtime
 * K keeps it in local memory; without one only the unrolling is lost. */
static const CostPoint SPEC_ARRAY[] = {
    {7, 2.35, "specialize-K7"}, {15, 3.36, "specialize-K15"}, {31, 4.41, "specialize-K31"}};
static const CostPoint SPEC_NO_ARRAY[] = {{4, 1.10, "examples/stencil_modes.cu:25 (K=4)"},
                                          {7, 1.20, "specialize-K7-noarray"},
                                          {8, 1.08, "examples/signal_filters.cu:46 (K=8)"}};

static void predict_specialize(const Finding *f, CostPrediction *out)
{
    int n;
    const long long *values = evidence_int_list(f, "values", &n);
    long long K = 0;
    for (int i = 0; i < n; i++) K = values[i] > K ? values[i] : K;
    bool array = finding_evidence(f, "local_array") != NULL;
    long long size = evidence_int(f, "array_size", 0);
    char assumed[96] = "";
    long long cap = evidence_int(f, "max_value", 0);
    if (K <= 0 && !array && cap > 0) { /* the benchmark takes the cap too */
        K = cap;
        snprintf(assumed, sizeof assumed, " (no value known: at most %lld, as benchmarked)", cap);
    } else if (K <= 0 && !array && finding_evidence(f, "window")) {
        no_measurement(out, "a window size with no value known and no per-thread array: the measured no-array "
                            "points (1.08-1.20x) depend on the value");
        return;
    }
    if (K <= 0 && array && size <= 0) {
        no_measurement(out, "a per-thread array of a size gpulint cannot evaluate (a template parameter) and no value of the bound known");
        return;
    }
    if (K <= 0) { /* what the benchmark takes too */
        K = array && size > 1 ? size - 1 : 7;
        snprintf(assumed, sizeof assumed, " (no value known: assumed K=%lld, as benchmarked)", K);
    }
    if (K > 64) K = 64;
    if (array)
        predict_from(out, SPEC_ARRAY, NPOINTS(SPEC_ARRAY), (double)K, "K", "runtime K=%lld with a per-thread array%s", K,
                     assumed);
    else
        predict_from(out, SPEC_NO_ARRAY, NPOINTS(SPEC_NO_ARRAY), (double)K, "K", "runtime K=%lld loop bound, no array%s",
                     K, assumed);
}

/* -------------------------------------------------------- uniform-branch */

static const CostPoint BRANCH_OUTSIDE_LOOP[] = {{1, 1.00, "examples/activations.cu:56 (outside a loop)"}};
static const CostPoint BRANCH_UNSWITCHED[] = {{1, 1.00, "branch-simple (nvcc unswitches the loop)"}};
static const CostPoint BRANCH_BARRIER[] = {{2, 1.31, "branch-barrier-light"}};
/* Two uniform conditions in a loop with neither barrier nor inner loop: the
 * emitted benchmarks of two corpus findings of this shape (CONDITIONS=2,
 * IN_LOOP=1, BARRIER=0) measured 1.00x on the H100 in two runs
 * (docs/measured/README.md). */
static const CostPoint BRANCH_CONDITIONS[] = {{2, 1.00, "2 uniform conditions in a loop, no barrier (corpus benchmarks)"}};

static void predict_branch(const Finding *f, CostPrediction *out)
{
    const Evidence *blocks = finding_evidence(f, "blocks_unswitching");
    long long conditions = evidence_int(f, "loop_uniform_conditions", 1);
    char what[128] = "";
    if (blocks) evidence_format(blocks, what, sizeof what);
    if (!evidence_int(f, "in_loop", 0))
        predict_from(out, BRANCH_OUTSIDE_LOOP, 1, 1, "branch", "a branch outside loops");
    else if (evidence_int(f, "grid_stride_loop", 0))
        predict_from(out, BRANCH_OUTSIDE_LOOP, 1, 1, "branch",
                     "a branch in a grid-stride loop (once per element, as outside loops)");
    else if (!blocks)
        predict_from(out, BRANCH_UNSWITCHED, 1, 1, "branch", "one uniform branch in a simple loop");
    else if (evidence_int(f, "inner_loop", 0))
        no_measurement(out, "blocked by %s, in a loop that also runs an inner loop: heavier than the heaviest measured body, "
                            "branch-barrier-heavy (1.19x, 1.31x with a light body): extrapolated below 1.05x", what);
    else if (strstr(what, "barrier"))
        predict_from(out, BRANCH_BARRIER, 1, (double)conditions, "conditions",
                     "%lld uniform condition%s in a loop with a barrier", conditions, conditions == 1 ? "" : "s");
    else if (strstr(what, "uniform condition"))
        predict_from(out, BRANCH_CONDITIONS, 1, (double)conditions, "conditions",
                     "%lld uniform conditions in a loop without a barrier", conditions);
    else
        no_measurement(out, "blocked by %s", what);
}

long long block_shape_threads(const Finding *f)
{
    long long x, y, z;
    const char *s = evidence_str(f, "block_shape", "");
    return sscanf(s, "%lldx%lldx%lld", &x, &y, &z) == 3 && x > 0 && y > 0 && z > 0 ? x * y * z : 0;
}

/* ------------------------------------------------------------ one block */

/* A kernel whose addresses leave out the block index runs as one block
 * (evidence one_block): the same shapes timed with one block of 256 threads
 * (bench/calibrate.sh *-1block).  A single access per thread costs such a
 * kernel nothing measurable (launch latency dominates); a row walk still
 * costs (ONE_BLOCK_ROW, read in predict_row): the SM replays each request's 32 sectors. */
static const CostPoint ONE_BLOCK_ADJACENT[] = {{4, 1.00, "adjacent-K4-copy-1block"}};
static const CostPoint ONE_BLOCK_SUBWORD[] = {{1, 1.00, "char-1block"}};
static const CostPoint ONE_BLOCK_STRUCT[] = {{32, 1.02, "struct-32B-1block"}};

static bool predict_one_block(const Finding *f, CostPrediction *out)
{
    /* a row walk reads its own one-block points (predict_row) */
    if (!evidence_int(f, "one_block", 0) || strcmp(f->rule, "uncoalesced-row") == 0) return false;
    if (strcmp(f->rule, "uncoalesced-adjacent") == 0) {
        predict_from(out, ONE_BLOCK_ADJACENT, 1, 4, "K", "adjacent elements in a kernel that runs as one block");
    } else if (strcmp(evidence_str(f, "kind", ""), "subword") == 0) {
        predict_from(out, ONE_BLOCK_SUBWORD, 1, 1, "elements", "a sub-word element per thread in a kernel that runs "
                     "as one block");
    } else {
        predict_from(out, ONE_BLOCK_STRUCT, 1, 32, "bytes", "a struct per thread in a kernel that runs as one block");
    }
    return true;
}

/* ------------------------------------------------------------- dispatch */

void cost_predict(const Finding *f, CostPrediction *out)
{
    static const struct {
        const char *rule;
        void (*predict)(const Finding *, CostPrediction *);
    } by_rule[] = {
        {"uncoalesced-adjacent", predict_adjacent}, {"uncoalesced-row", predict_row},
        {"oversized-element", predict_oversized},   {"double-literal", predict_double_literal},
        {"fixed-block-16x16", predict_block},       {"specialize-constant", predict_specialize},
        {"uniform-branch", predict_branch},
    };
    memset(out, 0, sizeof *out);
    if (predict_one_block(f, out)) return;
    for (size_t i = 0; i < sizeof by_rule / sizeof by_rule[0]; i++)
        if (strcmp(f->rule, by_rule[i].rule) == 0) {
            by_rule[i].predict(f, out);
            return;
        }
    no_measurement(out, "rule %s has no measurements", f->rule);
}
