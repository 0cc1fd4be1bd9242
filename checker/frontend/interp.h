/* interp.h - inside the model builder: the abstract interpreter's state and
 * what its files share.
 *
 * Per kernel, an environment maps local variables to symbolic values (Affine
 * integers, or pointers = base + byte offset); loops get an iteration-counter
 * symbol and their induction variables become init + step*counter; helper
 * functions with bodies are inlined (bounded depth); every memory access,
 * loop, branch, float->double conversion and math call met on the way is recorded with
 * its value.  Host functions are scanned for launches through the dialect.
 *
 *   env.c     values, symbols, the environment and its merge
 *   eval.c    expressions          calls.c  calls and inlining
 *   loops.c   loops                stmt.c   statements, declarations
 *   facts.c   what gets recorded: accesses, branches, conversions, math calls
 *   kernel.c  per-kernel set-up and the translation unit (model_build)
 *   host.c    host-side helpers for a dialect's launch scanner */
#ifndef GPULINT_INTERP_H
#define GPULINT_INTERP_H

#include "frontend/cx.h"
#include "frontend/dialect.h"
#include "model/model.h"

#include <stdbool.h>

typedef struct ObjVal ObjVal;

typedef struct {
    Affine a;            /* integer value, or pointer byte offset */
    bool is_ptr;
    AddrSpace space;
    int base_param;
    const char *base_name;
    int array;
    /* an object: the fields a constructor of the project set (a row view
     * of a tensor: its data pointer and the tensor it views), or a by-value
     * kernel argument (obj_param: its index + 1; 0 for none) */
    const ObjVal *obj;
    int obj_param;
    /* loaded at an address that does not vary along threadIdx.x (blocks[j],
     * j from threadIdx.y): every lane of a warp row reads the same value */
    bool lane_uniform;
} Value;

#define MAX_OBJ_FIELDS 8
struct ObjVal {
    int n;
    const char *names[MAX_OBJ_FIELDS];
    Value values[MAX_OBJ_FIELDS];
};

typedef struct {
    CXCursor decl;
    Value v;
} Binding;

typedef struct {
    Binding *b;
    int n;
} Env;

typedef struct {
    Cx cx;
    const Dialect *d;
    Model *m;
    Kernel *k;
    const char *shim_dir;
    const char *project_root; /* the file's project (its headers may be found as system headers: -idirafter) */
    const TypeSubst *subst; /* the type arguments of the pattern being analysed (kernel or host), or NULL */
    const char *const *run_time_names; /* FileArgs.run_time_names */
    int nrun_time_names;
    Env env;
    int loop;            /* innermost loop index, -1 */
    int call_depth;
    SrcRange call_site;
    SrcRange inner_call_site; /* the innermost inlined call (a wrapper's accesses of its pointer are reported there) */
    CXCursor call_stack[8];
    int ncalls;
    /* inlined-helper return value */
    bool collecting_return;
    bool have_return;
    Value ret;
    int return_mode;     /* how a return's expression is evaluated (MODE_LOAD; see inline_call) */
    /* the object of the member function being inlined (`this`): its
     * members are what the object's value says (a uniform parameter object,
     * a temporary made from a thread's index); unknown outside one */
    Value self;
    bool have_self;
    int self_param;      /* the kernel parameter `this` is (a by-value struct argument), else -1 */
    /* inside member functions called from plain code (an accessor's
     * operator[], its conversion to the element): accesses are reported
     * where that code called the first of them, at that call depth */
    SrcRange accessor_site;
    int accessor_depth;
    bool lambda_body;    /* in a lambda's body called from a kernel: plain code, its accesses reported where written */
    bool pending_unroll; /* a #pragma unroll precedes the next loop */
    int nesting;         /* current depth of eval / walk_stmt / scan_assignments recursion */
    int stmt_nesting;    /* the walk_stmt part of it, to word the note */
    bool nesting_noted;  /* the "too deep" note of this kernel is recorded */
    /* Control dependence: the deps of the conditions the current statement
     * runs under (inside the current function), and of the conditions under
     * which the innermost loop is left by `break`. */
    unsigned control_deps;
    unsigned break_deps;
    unsigned ret_control_deps; /* control deps of the first return collected */
    CXCursor *inlined; int ninlined; /* helpers inlined so far (not device roots) */
    bool device_root;    /* the function analysed is a __device__ function no kernel calls */
    /* The main file's calls by callee, built at the first question about a
     * host function's callers (host_values.c) and kept for the translation
     * unit: one walk of the file instead of one per launching function
     * (kaldi's 300 wrappers walked its 6,000 lines 300 times). */
    struct CallIndex *call_index;
} Ctx;
/* Frees c->call_index (host_values.c). */
void ctx_release_call_index(Ctx *c);

/* Every recursion over the AST goes through nesting_enter, so that no input
 * can exhaust the stack: beyond MAX_NESTING levels the part is skipped (its
 * value unknown) and a note is recorded once per kernel.  Measured cost of
 * one level (tests/deep_input_test.sh inputs, gcc -O2 / ASan+UBSan):
 * eval->eval_node->eval_binary 3.4 / 5.9 KiB, walk_stmt->walk_if 0.7 / 2.9
 * KiB, walk_for->walk_loop 0.2 / 0.4 KiB.  600 levels: at most 3.6 MiB under
 * ASan, half of an 8 MiB stack, the rest for libclang and the callers. */
#define MAX_NESTING 600
/* Keeps the recursive steps' locals out of one another's frames. */
#define NOINLINE __attribute__((noinline))

enum { MODE_LOAD = 1, MODE_STORE = 2, MODE_ADDR = 4 };

/* env.c */
int new_symbol(Ctx *c, SymbolKind kind, const char *name);
Value val_int(Affine a);
Value val_opaque(unsigned deps);
Value pointer_value(AddrSpace space, int param, const char *name, int array, Affine off);
bool value_equal(const Value *a, const Value *b);
/* Keeps only what a variable of type t can hold. */
Value fit_to_type(Value v, CXType t);
Value *env_find(Ctx *c, CXCursor decl);
void env_set(Ctx *c, CXCursor decl, Value v);
Env env_copy(const Env *e);
void env_merge(Ctx *c, const Env *orig, Env *x, Env *y, unsigned cond_deps);
/* An affine value as the model records it: loaded values (SYMK_LOADED) are
 * the interpreter's own; in the model they stay opaque (see Access.data_offset). */
Affine recorded_affine(Ctx *c, Affine a);

/* eval.c */
Value eval(Ctx *c, CXCursor e, int mode);
/* lhs op rhs written as an unresolved overloaded operator call in a pattern
 * analysed with substituted types: evaluated as the built-in operator. */
Value eval_operator_call(Ctx *c, CXCursor e, Op op, CXCursor lhs, CXCursor rhs);
Affine scale_offset(const Affine *idx, long long size);
/* The value read by a load of e from base[idx]. */
Value loaded_value(Ctx *c, CXCursor e, const Value *base, const Value *idx);
/* The local struct variable that `s`, `s.a` or `s.a.b` writes (not through a
 * pointer), or null. */
CXCursor local_record_root(Ctx *c, CXCursor lhs);
/* A local struct is one value for all its fields: a write to a part adds
 * what the written value depends on. */
void record_weak_update(Ctx *c, CXCursor root, unsigned deps);

/* calls.c */
Value eval_call(Ctx *c, CXCursor e, int mode);

/* thread_identity.c: a cooperative group's thread_rank(), thread_index()
 * and the like, and a builtin vector read whole (threadIdx), as the index
 * symbols (false: not one of these). */
bool thread_identity_call(Ctx *c, CXCursor call, Value *out);
bool thread_identity_vector(Ctx *c, CXCursor ref, Value *out);

/* init_list.c: `Index2 at{row, col}`: an object with the list's values as
 * its fields (an opaque value when the list does not match the fields). */
Value eval_init_list(Ctx *c, CXCursor e);

/* lambdas.c: a variable a lambda captured, read in its body inlined where a
 * kernel calls the closure it received as an argument: that argument's
 * field (false: not a capture of such a lambda). */
bool lambda_capture_value(Ctx *c, CXCursor var, Value *out);
bool lambda_call_operator(CXCursor fn);

/* loops.c */
typedef struct {
    CXCursor decl;
    int count;        /* assignments in the loop */
    bool increment;   /* the only assignment is v += s / v -= s / ++ / -- */
    bool nested;      /* under a condition or an inner loop */
    Op op;
    CXCursor step;    /* the s of v += s (null for ++/--) */
    CXCursor at;      /* the assignment (its last one) */
    bool has_step;    /* the step per iteration is known (found_step), even when the start is not */
    Affine found_step;
} Assigned;

typedef struct {
    Assigned *items;
    int n;
    bool truncated;   /* too deep to scan completely: anything may be assigned */
} AssignedSet;

void scan_assignments(Ctx *c, CXCursor cur, AssignedSet *set, int nest);
void walk_for(Ctx *c, CXCursor s);
void walk_loop(Ctx *c, CXCursor s, CXCursor init, CXCursor cond, CXCursor inc, CXCursor body);

/* stmt.c */
void walk_stmt(Ctx *c, CXCursor s);
void declare_var(Ctx *c, CXCursor var);
/* An integer variable's value computed from launch values (parameters,
 * blockDim, gridDim) and block indices in a way the model cannot express
 * (max((int)ceilf((float)rows / blockDim.x), 1), blockIdx.x % heads): still
 * one value for the whole launch, or for each block, so a symbol of its own
 * named after the variable (its deps say which), and an index it scales
 * (num_rows * threadIdx.x) or offsets (q * n + threadIdx.x) stays exact.
 * Else v. */
Value uniform_value_symbol(Ctx *c, CXCursor var, Value v);

/* facts.c */
/* One level deeper into `at`; false when that is beyond MAX_NESTING: skip
 * it.  After true, call nesting_leave. */
bool nesting_enter(Ctx *c, CXCursor at);
void nesting_leave(Ctx *c);
int current_loop_depth(Ctx *c);
void mark_loops(Ctx *c, bool barrier, bool store, bool atomic);
const char *type_name_for(Ctx *c, CXType t);
Access *record_access(Ctx *c, const Value *base, Affine byte_offset, CXType elem, CXCursor at, int mode_load,
                      int mode_store);
void record_branch(Ctx *c, BranchKind kind, CXCursor stmt, CXCursor cond, const Value *cv);
/* l < r (<=, >, >=): a uniform symbol alone on one side and a
 * thread-dependent value on the other becomes a ThreadCompare. */
void note_thread_compare(Ctx *c, const Value *l, const Value *r);
bool promoted_from_float(CXCursor x);
/* The floating literal under parentheses and unary signs, or null. */
CXCursor find_literal(Ctx *c, CXCursor x);
/* warp_constants.c: a lane or warp computation written for 32-lane warps
 * (Kernel.warp_constants): `e` = lhs op rhs with values lv, rv; a call of
 * `name` with its argument values. */
void note_warp_constant_op(Ctx *c, CXCursor e, Op op, CXCursor rhs, const Value *lv, const Value *rv);
void note_warp_constant_call(Ctx *c, CXCursor e, const char *name, const Value *argv, int nargs);
Conversion *record_conversion(Ctx *c, ConversionSite site, CXCursor expr, CXCursor flt, CXCursor dbl);
/* f op= d, and a double l op r with a float operand (lhs_had/rhs_had: the
 * operand's evaluation recorded a conversion). */
void note_compound_conversion(Ctx *c, CXCursor e, CXCursor lhs, CXCursor rhs, int n0);
void note_arith_conversion(Ctx *c, CXCursor e, Op op, CXCursor lhs, CXCursor rhs, int n0, int n1, int n2);
/* A math library call; its arguments' conversions start at nconv0. */
void record_math_call(Ctx *c, CXCursor call, const char *name, int nconv0);

/* kernel.c */
void analyse_kernel(Ctx *c, CXCursor fn, bool is_pattern, bool is_instance);
/* Launch `launch` calls kernel `kernel`: the kernel's block shape is known
 * when all its launches agree. */
void link_launch(Model *m, int launch, int kernel);

/* templates.c: explicit instantiations and template arguments. */
typedef enum { INST_CLASS, INST_FUNCTION, INST_MEMBER } InstKind;
typedef struct {
    InstKind kind;
    const char *name;   /* the class (INST_CLASS, INST_MEMBER) or function template */
    const char *member; /* INST_MEMBER: the member function */
    TypeSubst args;
} ExplicitInst;
typedef struct {
    ExplicitInst *items;
    int n;
} InstList;
/* The explicit instantiations in the main file's text, file-scope macro
 * invocations expanded (their #defines looked up in `headers` first, the
 * project headers holding top-level declarations). */
void find_explicit_instantiations(Ctx *c, const CXFile *headers, int nheaders, InstList *out);
/* Not the shim's, the system's or the toolkit's. */
bool project_header(Ctx *c, CXFile f);
TypeArg type_arg_of(Ctx *c, CXType t);
/* The arguments of a `template class X<...>;` cursor. */
void class_instance_args(Ctx *c, CXCursor cls, TypeSubst *s);
/* Non-type template argument i of a specialization as written: true/false
 * for a bool (libclang gives true as -1), unsigned for an unsigned type. */
int template_integral_text(CXCursor spec, int i, char *buf, size_t n);
/* Has the template `tmpl` a non-type template parameter of this name? */
bool template_has_value_param(CXCursor tmpl, const char *name);
/* "base<float, 4>" */
const char *subst_name(Ctx *c, const char *base, const TypeSubst *s);
/* The names of a template's parameters into s->names. */
void template_param_names(Ctx *c, CXCursor tmpl, TypeSubst *s);
/* A call clang left unresolved in a pattern has no name of its own: its
 * callee's (tanh in tanh(x * 0.8)); "" for an operator call. */
const char *dependent_callee_name(Ctx *c, CXCursor call);
/* An unresolved operator call's operator (OP_ADD ... OP_DIV_ASSIGN, or
 * OP_MINUS for a unary '-'), else OP_UNKNOWN. */
Op dependent_operator(Ctx *c, CXCursor call);
/* A launch in a pattern host analysed under c->subst whose callee clang
 * left unresolved (K<Dtype><<<...>>>): the kernel template and its type
 * arguments (written, else deduced from the launch's arguments). */
bool resolve_pattern_launch(Ctx *c, CXCursor call, CXCursor *kernel, TypeSubst *args);
/* A call of another host function template: a specialization clang
 * resolved (run<unsigned char>(...)), or in a pattern host analysed under
 * c->subst a dependent call (cuda::harris<T> calling kernel::harris<T,
 * AccT>): the template and its arguments, when each is known. */
bool resolve_pattern_host_call(Ctx *c, CXCursor call, CXCursor *fn, TypeSubst *args, CXCursor *spec);

/* A call of a host function template, met by a host scan. */
typedef struct {
    CXCursor fn;          /* the template */
    TypeSubst args;       /* its arguments */
    CXCursor spec;        /* clang's instantiation the call names, with its instantiated
                           * body (a call with concrete arguments), else a null cursor */
    SrcRange range;       /* the call */
    /* set by host_mark_wider_siblings: the call of a wider instance of the
     * same template on another branch (.file NULL: none), and its type */
    SrcRange wide_at;
    const char *wide_type;
} HostCall;

/* host.c: what a dialect's host scanner builds on. */
struct HostScan {
    Ctx *c;
    CXCursor fn;         /* enclosing host function */
    const char *fn_name;
    CXCursor *targets;   /* the kernel each launch calls, parallel to the launches added */
    int ntargets;
    void *dialect_data;  /* the dialect's own tables for this scan (OpenCL: kernel objects) */
    /* NULL, or parallel to targets (ntargets_args of them so far): a
     * kernel template's substituted arguments (in a substituted run, or for
     * clang's instance without a body), or NULL. */
    TypeSubst **target_args;
    int ntargets_args;
    /* Host function templates this one calls (instantiations the project
     * creates implicitly). */
    HostCall *called;
    int ncalled;
    /* the if statements of fn, met by the same walk (host_mark_wider_siblings) */
    CXCursor *ifs;
    int nifs;
    /* Built at the first question and kept for the function's other
     * launches (a function of 1,000 launches is walked once, not 1,000
     * times): what host_assigned_in and host_reaching_value read. */
    struct HostAssignCache *assign_cache;
    /* The constants the file's callers pass for each parameter of fn,
     * found at the first launch argument that asks (host_values.c): a
     * macro of 32 launches asks 200 times. */
    struct CallerMemo *caller_memo;
    int ncaller_memo;
};
/* Frees what a scan kept (the targets stay the caller's). */
void host_scan_release(HostScan *hs);

/* Adds a launch of `target` (the callee cursor; null when unknown). */
Launch *host_launch_new(HostScan *hs, CXCursor call, CXCursor target);
/* The launch's kernel arguments: text and constant values. */
void host_launch_args(HostScan *hs, Launch *L, CXCursor call);
/* The same from the call's argument `first` on (a launch function's
 * kernel arguments follow its configuration: hipLaunchKernelGGL). */
void host_launch_args_from(HostScan *hs, Launch *L, CXCursor call, int first);
/* The values a non-constant launch argument takes in host code (at most
 * max; false when any assignment or caller gives a non-constant);
 * host_values.c. */
bool host_value_set(HostScan *hs, CXCursor arg, long long *values, int max, int *n, const char **how);
/* A block or grid dimension as an integer expression, with its origin. */
void host_dim_value(HostScan *hs, CXCursor e, DimValue *d, Launch *L);
/* Is `decl` assigned anywhere in the host function? */
bool host_assigned_in(HostScan *hs, CXCursor decl);
/* Is `call` the call a <<<grid, block>>> launch makes of its configuration
 * (cudaConfigureCall, __cudaPushCallConfiguration and HIP's)?  It reads the
 * shape, whatever its parameters' types. */
bool host_is_launch_configuration(CXCursor call);
/* The value a local holds at `launch`: the last assignment before it, or
 * null for its initializer; false when an assignment in a branch or loop
 * may reach it instead. */
bool host_reaching_value(HostScan *hs, CXCursor var, CXCursor launch, CXCursor *value);
/* Scans one host function. */
void host_scan_function(HostScan *hs);
/* The substituted arguments of the scan's launch j (targets[j]), or NULL. */
TypeSubst *host_target_args(const HostScan *hs, int j);
/* After a scan: marks its launches from m->launches[first] on whose if/else
 * has a wider instance of the same kernel on another branch (Launch.wider_sibling). */
void host_mark_wider_siblings(HostScan *hs, int first);

#endif
