/* dialect.h - what the model builder asks of a GPU language.
 *
 * The interpreter (env/eval/calls/loops/stmt/facts/kernel.c) knows C and
 * C++ only; every CUDA (or OpenCL, HIP ...) specific question goes through
 * one Dialect.  What is data rather than code (extensions, parse flags, warp
 * width, words, capabilities) is the language's entry in model/language.h.
 * A new dialect is that entry and new files: one defining a `const Dialect`
 * with the device-side hooks below (see dialect_cuda.c), and one with its
 * host-side scanner (see host_cuda.c), which records launches and symbol
 * writes with the helpers of interp.h (host_launch_new, host_dim_value,
 * host_launch_args, host_assigned_in); then a line in dialect.c
 * (docs/dev/adding-a-dialect.md).
 * Hooks receive cursors, not names, where the language needs the
 * expression: OpenCL's get_global_id(0) is a call, CUDA's threadIdx.x a
 * member access.  HIP shares CUDA's hooks: its shim (include/shim/hip)
 * spells hip* names as CUDA's, hipLaunchKernelGGL as <<<>>>. */
#ifndef GPULINT_DIALECT_H
#define GPULINT_DIALECT_H

#include "frontend/cx.h"
#include "model/model.h"

#include <stdbool.h>

typedef struct HostScan HostScan; /* interp.h */

typedef struct {
    const char *name;
    Language language;       /* Model.language of what this dialect builds: its entry in model/language.h */
    /* Names of the builtin symbols SYM_TID_X ... SYM_GDIM_Z (model.h order). */
    const char *const *builtin_names;

    /* Functions defined in the main file: kernels are analysed; host
     * functions are scanned for launches; the rest (device helpers) are
     * only inlined where called. */
    bool (*is_kernel)(CXCursor fn);
    bool (*is_host_function)(CXCursor fn);

    /* The builtin index symbol (SYM_TID_X ...) an expression denotes, or -1.
     * Called on member accesses and on calls. */
    int (*builtin_symbol)(Cx *cx, CXCursor expr);
    /* Optional (NULL: none).  An index builtin whose value is a combination
     * of the builtin symbols, not one of them: OpenCL's get_global_id(d) =
     * get_group_id(d)*get_local_size(d) + get_local_id(d).  Called on calls
     * before builtin_symbol; true with *out set when it is one. */
    bool (*builtin_value)(Cx *cx, CXCursor call, Affine *out);
    /* A builtin variable with a fixed value (CUDA's warpSize: the
     * target's `warp_width`). */
    bool (*builtin_constant)(const char *name, int warp_width, long long *value);
    /* Address space of a variable (SPACE_UNKNOWN: an ordinary variable; a
     * file-scope global, shared or constant one otherwise). */
    AddrSpace (*var_space)(CXCursor var);
    /* Address space a pointer kernel parameter points to. */
    AddrSpace (*param_space)(CXCursor param);

    /* Callee names: barriers and fences; atomics (read-modify-write of
     * their first argument); loads through their first argument (__ldg). */
    bool (*is_barrier)(const char *callee);
    bool (*is_atomic)(const char *callee);
    bool (*is_load_intrinsic)(const char *callee);
    /* Optional (NULL: none).  Stores through their first argument, the
     * value second (__stcg(p, v), cub::ThreadStore<M>(p, v)). */
    bool (*is_store_intrinsic)(const char *callee);
    /* Optional (NULL: none).  A call that moves a whole vector through a
     * scalar pointer (OpenCL's vloadN(i, p) / vstoreN(v, i, p)): returns N
     * and the pointer's and the index's argument positions (the access is
     * p[N*i .. N*i+N-1], one N-wide vector element); 0 when it is not one. */
    int (*vector_access)(const char *callee, int *ptr_arg, int *index_arg, bool *store);
    /* A builtin vector record type (float4 ...), named without qualifiers. */
    bool (*is_vector_type)(const char *record);
    /* clang spells address spaces in type names ("__global float"): the
     * model's type names leave them out. */
    bool address_spaces_in_type_names;

    /* Host side: called on every call expression of every host function;
     * records launches (with their block shapes and arguments) and writes
     * of constant-memory symbols. */
    void (*host_call)(HostScan *hs, CXCursor call);
} Dialect;

extern const Dialect dialect_cuda;
/* host_cuda.c */
void cuda_host_call(HostScan *hs, CXCursor call);

/* HIP: CUDA's hooks (dialect_cuda.c), its own name and language */
extern const Dialect dialect_hip;

extern const Dialect dialect_opencl;
/* host_opencl.c: clCreateKernel / clSetKernelArg / clEnqueueNDRangeKernel */
void opencl_host_call(HostScan *hs, CXCursor call);

/* The dialect of a language of the table (dialect.c). */
const Dialect *dialect_for_language(Language id);

/* Is this a file name OpenCL C is read from (by the language table's
 * extensions)? */
bool is_opencl_path(const char *path);

#endif
