/* model.h - the kernel model: what gpulint knows about each kernel of a
 * translation unit.  Built from libclang by model_build.c; no libclang type
 * appears here, so rules are plain functions over these structs.
 *
 * All strings are owned by the Model's arena; all arrays by the Model. */
#ifndef GPULINT_MODEL_H
#define GPULINT_MODEL_H

#include "model/affine.h"
#include "util/arena.h"
#include "model/geometry.h"
#include "model/language.h"
#include "model/target.h"
#include "model/srcloc.h"

#include <stdbool.h>


typedef enum { SPACE_GLOBAL, SPACE_SHARED, SPACE_LOCAL, SPACE_CONSTANT, SPACE_UNKNOWN } AddrSpace;

typedef enum {
    SYMK_BUILTIN,   /* threadIdx.x ... gridDim.z (ids below SYM_FIRST_USER) */
    SYMK_LOOP,      /* iteration counter of a loop: 0, 1, 2, ... */
    SYMK_PARAM,     /* a scalar kernel parameter, or a pointer parameter's address */
    SYMK_CONSTMEM,  /* a __constant__ variable (or element of one) */
    SYMK_TEMPLATE,  /* a template parameter of an uninstantiated kernel */
    SYMK_UNIFORM,   /* another uniform value (a struct parameter's field, ...) */
    SYMK_LOADED,    /* an integer loaded at a thread-dependent address (a CSR row
                     * start rowptr[row]): per thread, unknown; appears only in
                     * Access.data_offset, never in the other recorded values */
    SYMK_QUOTIENT,  /* numerator / divisor, a thread-dependent value split by a
                     * uniform run-time size (n = index / spatial_dim), and */
    SYMK_REMAINDER  /* numerator % divisor: like SYMK_LOADED, only in
                     * Access.data_offset */
} SymbolKind;

typedef struct {
    SymbolKind kind;
    const char *name;   /* "threadIdx.x", "width", "loop@12" */
    int param;          /* SYMK_PARAM: parameter index */
    int loop;           /* SYMK_LOOP: loop index; SYMK_LOADED and a SYMK_UNIFORM read from memory: innermost loop around the load, -1 */
    int divisor;        /* SYMK_QUOTIENT/REMAINDER: the divisor's symbol id, else -1 */
    const Affine *numerator; /* SYMK_QUOTIENT/REMAINDER: the numerator, else NULL */
} Symbol;

typedef struct {
    const char *name;
    const char *type;        /* as spelled */
    bool is_pointer;
    bool is_restrict;
    int pointee_bytes;       /* -1 when unknown (dependent, void) */
    const char *canonical;   /* the type after typedefs and template arguments ("int" for idx_t) */
    int bytes;               /* its size, -1 when unknown */
    bool is_record;          /* a struct, union or class passed by value */
    int symbol;              /* symbol id of its value */
} Param;

/* One load/store (or both, for `+=`) of memory through a pointer or array. */
typedef struct {
    AddrSpace space;
    int base_param;          /* kernel parameter the pointer comes from, or -1 */
    const char *base_name;   /* spelling of the base for messages */
    const char *elem_type;   /* the accessed element type as spelled */
    const char *elem_canonical;
    int elem_bytes;          /* sizeof the element, -1 if unknown */
    int elem_align;
    bool elem_is_record;     /* struct/union/class */
    bool elem_is_vector;     /* float2, int4, ... (builtin CUDA vector types) */
    bool elem_is_integer;
    const char *field;       /* p[i].field: the field read/written, NULL for the whole element */
    int field_bytes;
    int field_offset;        /* with field: its byte offset in the element, -1 unknown */
    bool is_load, is_store, is_atomic;
    Affine byte_offset;      /* from the base pointer's start, in bytes */
    Affine data_offset;      /* when byte_offset is not exact only because it adds
                              * SYMK_LOADED values: the offset over them (exact);
                              * else exact == false */
    int loop;                /* innermost enclosing loop, -1 if none */
    int array;               /* ArrayDecl index for shared/local arrays, else -1 */
    int call_depth;          /* > 0 when inside an inlined helper */
    SrcRange range;          /* the subscript/dereference expression */
    SrcRange call_site;      /* outermost call in the kernel when call_depth > 0 */
} Access;

typedef struct {
    int parent;              /* enclosing loop, -1 if none */
    int depth;               /* 1 for an outermost loop */
    int counter;             /* symbol id of the iteration counter */
    const char *ivar;        /* induction variable name, NULL if none found */
    bool has_bound;
    Affine init, step, bound;/* ivar = init + step*counter while ivar <op> bound (see bound_is_lower) */
    const char *bound_text;  /* source text of the bound expression */
    bool bound_inclusive;    /* <= (>= for a lower bound) */
    bool bound_is_lower;     /* ivar > bound / ivar >= bound: a decreasing loop */
    bool bound_clamped;      /* the bound is min(x, C) (or min(C, x)) with a constant C: */
    long long clamp_limit;   /*   C */
    Affine clamped;          /*   x, the value the constant caps */
    int nbound_choices;      /* the bound is c ? A : B with constants A, B and a */
    long long bound_choice[2]; /*   uniform c (directly or through a const local): */
    int choice_symbol;       /*   c's kernel parameter (symbol id) */
    const char *choice_text; /*   "perspective ? 9 : 6" */
    bool has_barrier;        /* __syncthreads() & co inside */
    bool has_store;          /* a global/shared store inside */
    bool has_atomic;
    bool has_unroll_pragma;
    SrcRange range;          /* the loop statement */
    SrcRange header;         /* keyword .. end of the header */
} Loop;

typedef enum { BRANCH_IF, BRANCH_SWITCH, BRANCH_CONDITIONAL } BranchKind;

/* What the paths of an `if` do, read from its statements (after macro
 * expansion).  Facts only: which kinds are worth a finding is a rule's call. */
typedef enum {
    BODY_WORK,       /* anything else (and every switch and ?:) */
    BODY_EMPTY,      /* nothing: `;`, `{}`, `do {} while (0)`, `(void)0`, a macro that expands to one of them */
    BODY_DIAGNOSTIC, /* only printf / assert / trap / abort calls, maybe followed by return */
    BODY_SELECT      /* each path assigns one and the same local scalar from
                      * locals, literals and arithmetic (no memory, no other
                      * calls than math functions): a select instruction */
} BranchBody;

typedef struct {
    BranchKind kind;
    bool is_constexpr;       /* if constexpr */
    bool constant;           /* condition folds to a constant */
    BranchBody body;         /* BRANCH_IF only; BODY_WORK otherwise */
    Affine cond;             /* deps tell thread / data / uniform */
    const char *symbols;     /* variables the condition reads, comma-separated */
    const char *cond_text;
    int loop;                /* innermost enclosing loop, -1 */
    int loop_depth;
    int call_depth;
    SrcRange range;          /* the keyword (if/switch) or the ?: expression */
    SrcRange call_site;
} Branch;

/* A per-thread (local) or __shared__ array declared in the kernel. */
typedef struct {
    const char *name;
    AddrSpace space;         /* SPACE_LOCAL or SPACE_SHARED */
    const char *elem_type;
    int elem_bytes;
    long long count;         /* number of elements, -1 for extern/unknown */
    bool is_extern;
    SrcRange range;
} ArrayDecl;

/* An implicit float->double conversion: a float operand meets a double one
 * in an arithmetic operation, a compound assignment or a call.  Only facts:
 * which conversions matter, and what to suggest, is the rules' business. */
typedef enum {
    CONV_ARITHMETIC,      /* f op d, op one of + - * / */
    CONV_COMPOUND_ASSIGN, /* f op= d */
    CONV_CALL_ARGUMENT    /* a float argument of a double math call that also takes a double literal */
} ConversionSite;

/* Where the double operand's value comes from. */
typedef enum {
    DOUBLE_FROM_LITERAL,  /* a floating literal (under parentheses and signs), maybe from a macro */
    DOUBLE_FROM_VARIABLE, /* a const double variable initialised by a literal */
    DOUBLE_FROM_CONSTANT, /* a compile-time constant made of literals only (`#define K (1.0 / N)`) */
    DOUBLE_FROM_OTHER     /* any other double value */
} DoubleOrigin;

typedef struct {
    ConversionSite site;
    SrcRange op_range;           /* the operation (or call) */
    const char *op_text;
    const char *float_text;      /* the float operand, "" if none */
    DoubleOrigin origin;
    SrcRange double_range;       /* the double operand (the literal itself for a literal), expansion location */
    const char *double_text;     /* the literal's token ("4.0"), else the operand's text */
    SrcRange literal_spelling;   /* DOUBLE_FROM_LITERAL: the token where it is written (in a #define for a macro) */
    const char *macro;           /* the double operand comes from this macro's expansion, else NULL */
    SrcRange macro_definition;   /* with macro: the spelling location inside the #define */
    SrcRange variable_decl;      /* DOUBLE_FROM_VARIABLE: the variable's declaration */
    double constant_value;       /* DOUBLE_FROM_CONSTANT: its value */
    bool float_assumed;          /* the float operand has a type assumed for a name the host sets at
                                  * build time (OpenCL): the host may build it as double */
    bool folded;                 /* the whole operation is a compile-time constant (sqrtf(2.0f / M_PI)):
                                  * the compiler computes it, nothing runs in double */
    bool result_feeds_double_op; /* the operation's double result is an operand of a further double
                                  * arithmetic operation (a[i] * 2.5 + s, x * 0.5 + 0.25): not narrowable */
    const char *chain_text;      /* with result_feeds_double_op: the outermost double arithmetic
                                  * expression the result reaches (g * e / (e + 1.)), else NULL */
    int loop;
    int call_depth;
    SrcRange call_site;
} Conversion;

/* A call of a math library function (exp, sqrt, pow, ...). */
/* A lane or warp computation written for 32-lane warps (warp-size-assumption). */
typedef enum {
    WARP_LANE_MASK,      /* tid & 31 */
    WARP_LANE_MOD,       /* tid % 32 */
    WARP_ID_DIV,         /* tid / 32 */
    WARP_ID_SHIFT,       /* tid >> 5 */
    WARP_SHUFFLE_WIDTH,  /* __shfl*(..., 32): a width of 32 lanes */
    WARP_SHUFFLE_OFFSET, /* __shfl_down(v, 16), or in a loop whose offset starts at 16 */
    WARP_FULL_MASK_32,   /* 0xffffffff as a lane mask: lanes 32 and up left out */
} WarpConstantKind;

typedef struct {
    WarpConstantKind kind;
    SrcRange range;              /* the operation or the call */
    SrcRange constant_range;     /* the constant (a loop's initial value for an offset loop) */
    const char *text;            /* the operation or call as written */
    const char *constant_text;   /* the constant as written ("31", "WARP_SIZE") */
    bool constant_is_literal;    /* written as a number where it is used: a fix-it can replace it */
    bool in_macro;               /* the operation comes from a macro's expansion (#define LANE (tid & 31)) */
    SrcRange macro_spelling;     /* with in_macro: where the macro's definition spells it */
    int loop;
    int call_depth;
    SrcRange call_site;
} WarpConstant;

typedef struct {
    const char *callee;          /* as spelled: "exp", "std::exp" */
    SrcRange callee_range;       /* the callee's name */
    SrcRange range;              /* the whole call */
    bool double_precision;       /* the double function runs (result double); its float counterpart is callee + "f" */
    int first_conversion;        /* conversions recorded while evaluating the call, arguments included: */
    int nconversions;            /*   Kernel.conversions[first_conversion .. +nconversions) */
    int loop;
    int call_depth;
    SrcRange call_site;
} MathCall;

/* A guard that caps a uniform symbol: `assert(k <= 16)`, or
 * `if (k > 16) return;` (or a trap/printf path) outside loops.  After it
 * the kernel runs only with symbol <= max. */
typedef struct {
    int symbol;              /* a SYMK_PARAM or SYMK_CONSTMEM symbol */
    long long max;
    bool from_assert;
    SrcRange range;          /* the assert or the if */
} SymbolLimit;

/* A uniform symbol compared with a thread-dependent value (`gid < n`,
 * `tid >= n`): the deps of that value (DEP_BLOCK: the global index).  The
 * symbol counts the elements the threads cover. */
typedef struct {
    int symbol;              /* a SYMK_PARAM or SYMK_CONSTMEM symbol */
    unsigned other_deps;     /* the other side's, over all such comparisons */
} ThreadCompare;

typedef struct {
    const char *name;        /* kernel name, with template arguments */
    const char *base_name;   /* without template arguments */
    const char *scope;       /* the named namespaces and classes around it ("faiss::gpu::"), "" at file scope */
    SrcRange range;          /* the name in the definition */
    bool is_template;        /* the uninstantiated pattern */
    bool device_root;        /* a __device__ function no kernel calls, analysed on its own */
    Param *params; int nparams;
    Symbol *syms; int nsyms;
    Access *accesses; int naccesses;
    Loop *loops; int nloops;
    Branch *branches; int nbranches;
    ArrayDecl *arrays; int narrays;
    Conversion *conversions; int nconversions;
    MathCall *math_calls; int nmath_calls;
    SymbolLimit *limits; int nlimits;
    ThreadCompare *thread_compares; int nthread_compares;
    WarpConstant *warp_constants; int nwarp_constants;
    bool warp_intrinsics;    /* calls a warp-level intrinsic (shuffle, ballot, vote, active mask, __syncwarp) */
    int nshuffles;           /* shuffle calls evaluated, and of them those that pass */
    int nshuffles_grouped;   /*   a constant width of 32 lanes or fewer: groups the code chose */
    BlockShape block;        /* known when every launch in the file agrees, or required (below) */
    bool block_required;     /* OpenCL reqd_work_group_size(X, Y, Z): every launch has this shape */
    bool warp_axis_y;        /* launched one thread wide in x: warps form along y, and the values
                              * are rewritten with y as x (model_orient_warps); block is then (y, z, 1) */
    BlockShape launch_block; /* warp_axis_y: the shape as launched */
    int nlaunches;
    bool launched_one_block; /* every launch's grid is 1x1x1 (a constant) */
} Kernel;

typedef struct {
    const char *text;        /* "16", "BS", "T" */
    const char *origin;      /* "literal", "macro BS", "const int T", "local int t" */
    SrcRange where;          /* where the value is defined (macro or variable) */
    bool known;
    long long value;
} DimValue;

/* The values a launch argument that is not a constant can take, read
 * from the host code around the launch (frontend/host_values.c). */
typedef struct {
    long long values[16];
    int n;                   /* 0: none known */
    const char *how;         /* "local" (assigned only constants), "struct-field", "table" (a constant
                              * table's elements), "caller" (constants the launching function's callers pass) */
} ArgValueSet;

typedef struct {
    const char *kernel_name; /* as launched */
    int kernel;              /* index into Model.kernels, -1 if not analysed here */
    SrcRange range;          /* the launch expression */
    SrcRange block_range;    /* where the block shape is written */
    const char *block_text;
    DimValue block[3];
    DimValue grid[3];
    bool block_is_template_param; /* a dimension comes from a template parameter */
    bool block_runtime;      /* a dimension is a runtime value */
    int nargs;
    bool *arg_known;         /* argument i is a compile-time constant */
    long long *arg_value;
    const char **arg_text;
    ArgValueSet *arg_sets;   /* NULL, or per argument: the values host code gives a non-constant one */
    const char *function;    /* enclosing host function */
    /* The block is that function's parameter block_param (0-based; -1 when
     * it is not one) of function_nparams: the function is a launch wrapper
     * whose callers elsewhere give the shape (frontend/host_wrappers.c). */
    int block_param, function_nparams;
    const char *block_comment; /* a comment by the block says the shape was measured or tuned, or NULL */
    /* The other branch of an if/else around this launch launches the same
     * kernel template with a wider first type argument (half2 where this is
     * half, unsigned int where this is unsigned char): this instance takes
     * what the wide one cannot (odd sizes, misaligned data).  .file NULL
     * when none. */
    SrcRange wider_sibling;
    const char *wider_sibling_type;
} Launch;

/* cudaMemcpyToSymbol(sym, &v, ...) in host code, with what is known of v. */
typedef struct {
    const char *symbol;
    SrcRange range;
    long long values[16];    /* a constant v, or the cases of a switch on v */
    int nvalues;
    const char *value_source; /* "constant", "switch" or NULL */
} SymbolWrite;

/* Something the builder had to leave unanalysed, told to the user as a note
 * of the file (e.g. nesting too deep to follow). */
typedef struct {
    SrcRange range;
    const char *message;
} ModelNote;

typedef struct {
    const char *file;        /* main file of the translation unit */
    Language language;       /* rules read its entry: model_language */
    const GpuTarget *target; /* the GPU it is read for: warp width, request granule (model_target) */
    bool target_assumed;     /* the language's default target: no (known) architecture was named */
    const char *target_arch; /* the architecture as named (gfx908), or the default's */
    /* OpenCL: does the device have double precision (cl_khr_fp64)?  Without
     * it an unsuffixed literal is converted to float by the compiler.
     * Always true for CUDA. fp64_reason says why (option, pragma, auto). */
    bool fp64;
    const char *fp64_reason;
    /* OpenCL: type names the host sets at build time that the file was
     * parsed with assumed ("T=float, dim_t=int"), else NULL */
    const char *assumed_types;
    Kernel *kernels; int nkernels;
    /* host templates of another unit's launcher files (FileArgs) that this
     * file instantiates explicitly: instances only clang's parse of the
     * instantiations may show (clang_instances_variant.c) */
    int instantiated_launchers;
    Launch *launches; int nlaunches;
    SymbolWrite *symbol_writes; int nsymbol_writes;
    ModelNote *notes; int nnotes;
    Arena arena;
} Model;

/* The table entry of the model's language (language.h): its words, warp
 * width and capabilities. */
static inline const GpuLanguage *model_language(const Model *m)
{
    return language_info(m->language);
}

/* The GPU the model is read for (target.h): its warp or wavefront width
 * and the granule of its memory requests. */
static inline const GpuTarget *model_target(const Model *m)
{
    return m->target ? m->target : target_nvidia();
}

/* The architecture the model is read for, as named (gfx908, sm_80). */
static inline const char *model_target_arch(const Model *m)
{
    return m->target_arch ? m->target_arch : model_target(m)->arch;
}

void model_init(Model *m, const char *file);
void model_free(Model *m);
const char *model_symbol_name(const Kernel *k, int sym);
/* Kernels launched one thread wide in x ((1, N), (1, N, M)): their values
 * rewritten so that x is the dimension the warps form along (warp_axis.c). */
void model_orient_warps(Model *m);
/* Affine name callback (ctx = const Kernel *). */
const char *model_symbol_name_cb(int sym, void *ctx);
/* Does `a` use a per-thread value the model records only in
 * Access.data_offset (SYMK_LOADED, SYMK_QUOTIENT, SYMK_REMAINDER)? */
bool model_mentions_data_only(const Kernel *k, const Affine *a);
/* Is loop `loop` the loop `outer` or nested inside it (-1: no loop, inside
 * nothing)? */
bool model_loop_within(const Kernel *k, int loop, int outer);
/* `offset` when one run-time size S it splits an index by is 1: x / S is x
 * and x % S is 0.  The divisor's symbol id, with the result in *out and the
 * split values' names ("index / S, index % S") in `split`; -1 when the
 * offset splits nothing, or another per-thread value remains. */
int model_offset_at_unit_divisor(const Kernel *k, const Affine *offset, Affine *out, char *split, size_t n);
/* `offset` when the run-time size S that splits the thread's flattened
 * index (x % S, x / S, x's coefficient of threadIdx.x 1) is at least a warp
 * wide: within a warp the remainder runs with x and the quotient is the
 * same in every lane (read as 0).  The remainder's symbol id, with the
 * result in *out and the quotient's id in *quotient (-1: the offset has
 * none of the same split); -1 when the offset has no such remainder, or
 * another per-thread value remains. */
int model_offset_at_wide_divisor(const Kernel *k, const Affine *offset, Affine *out, int *quotient);

#endif
