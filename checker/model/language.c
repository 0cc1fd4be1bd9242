/* language.c - the table of GPU languages (see language.h). */
#include "model/language.h"

#include <stdio.h>
#include <string.h>

static const char *const cuda_extensions[] = {".cu", ".cuh", NULL};
static const char *const opencl_extensions[] = {".cl", ".clh", ".opencl", NULL};
static const char *const hip_extensions[] = {".hip", NULL};
static const char *const cuda_editor_ids[] = {"cuda", "cuda-cpp", NULL};
static const char *const hip_editor_ids[] = {"hip", NULL};
static const char *const opencl_editor_ids[] = {"opencl", "opencl-c", NULL};

static const char *const cuda_parse_flags[] = {
    "--cuda-device-only",
    "-Wno-unknown-cuda-version",
    /* nvcc accepts narrowing in brace initialisers (dim3 b = {block, 1, 1}
     * with a size_t block) with a warning; clang makes it an error */
    "-Wno-c++11-narrowing",
    /* high enough that errors after a missing header rarely hide the ones
     * in kernels (gpu_code.c counts the limit as touching GPU code) */
    "-ferror-limit=1000",
    NULL,
};

/* CUDA's flags and the macros hipcc defines for device code (the platform
 * and the wavefront size are the target's: parse.c); read with the HIP shim */
static const char *const hip_parse_flags[] = {
    "--cuda-device-only",
    "-Wno-unknown-cuda-version",
    "-Wno-c++11-narrowing",
    "-ferror-limit=1000",
    "-D__HIPCC__=1",
    "-D__HIP__=1",
    "-D__HIP_DEVICE_COMPILE__=1",
    NULL,
};
static const char *const hip_implicit_includes[] = {"hip/hip_runtime.h", NULL};

/* clang's own opencl-c.h builtins, from libclang's resource directory and
 * declared lazily */
static const char *const opencl_parse_flags[] = {
    "-Xclang", "-finclude-default-header", "-Xclang", "-fdeclare-opencl-builtins", "-ferror-limit=50", NULL,
};

static const GpuLanguage languages[LANG_COUNT] = {
    [LANG_CUDA] = {
        .id = LANG_CUDA,
        .name = "cuda",
        .x_name = "cuda",
        .title = "CUDA",
        .extensions = cuda_extensions,
        .editor_ids = cuda_editor_ids,
        .parse_flags = cuda_parse_flags,
        .host_code_in_gpu_files = true,
        .float_math_names = true,
        .vector_access = VECTOR_BY_POINTER_CAST,
        .specialization = SPECIALIZE_BY_TEMPLATE,
        .word = {
            .thread = "thread",
            .lane = "lane",
            .block = "block",
            .thread_block = "thread block",
            .launch_block = "block",
            .block_shape = "the block shape",
            .warp = "warp",
            .hardware_warp = "warp",
            .shared_memory = "shared memory",
            .shared_qualifier = "__shared__",
            .constant_qualifier = "__constant__",
            .restrict_qualifier = "__restrict__",
            .align_open = "__align__(",
            .align_close = ")",
            .align_verb = "declare",
            .vector_mover = "nvcc",
            .compiler = "nvcc",
            .specialized_code = "the instantiation",
        },
        .idiom = {
            .compile_time_value = "a template parameter",
            .compile_time_condition = "a template parameter (template<bool>/template<int>)",
            .tunable_parameter = "parameter",
            .compiler_unswitches = "nvcc -O3 often unswitches",
            .share_row = "let a warp (or a group of lanes) share each row: lane",
            .group_reduce = "the warp reduces with __shfl_down_sync",
            .vector_access_hint = "",
            .bench_caveat = "",
        },
    },
    [LANG_OPENCL] = {
        .id = LANG_OPENCL,
        .name = "opencl",
        .x_name = "cl",
        .title = "OpenCL",
        .extensions = opencl_extensions,
        .editor_ids = opencl_editor_ids,
        .parse_flags = opencl_parse_flags,
        .fp64_optional = true,
        .vector_access = VECTOR_BY_LOAD_BUILTINS,
        .specialization = SPECIALIZE_BY_BUILD_OPTION,
        .evidence_name = "opencl",
        .dump_name = "OpenCL C",
        .word = {
            .thread = "work-item",
            .lane = "work-item",
            .block = "work-group",
            .thread_block = "work-group (local_work_size)",
            .launch_block = "local work size",
            .block_shape = "local_work_size",
            .warp = "sub-group",
            .hardware_warp = "32-wide warp",
            .shared_memory = "local memory",
            .shared_qualifier = "__local",
            .constant_qualifier = "__constant",
            .restrict_qualifier = "restrict",
            .align_open = "__attribute__((aligned(",
            .align_close = ")))",
            .align_verb = "give",
            .vector_mover = "each work-item",
            .compiler = "the OpenCL compiler",
            .specialized_code = "the program or kernel",
        },
        .idiom = {
            .compile_time_value = "a compile-time constant (-D option)",
            .compile_time_condition = "a compile-time constant (a -D option of clBuildProgram, or a separate kernel per case)",
            .tunable_parameter = "host parameter (and the kernel's tile a -D option)",
            .compiler_unswitches = "the OpenCL compiler may unswitch",
            .share_row = "let a sub-group (or a group of work-items) share each row: item",
            .group_reduce = "they reduce with sub_group_reduce_add (cl_khr_subgroups) or through local memory",
            .vector_access_hint = " (vloadN/vstoreN)",
            /* gpulint's benchmarks are CUDA programs */
            .bench_caveat = ", measured with CUDA",
        },
    },
    [LANG_HIP] = {
        .id = LANG_HIP,
        .name = "hip",
        .x_name = "hip",
        .clang_x = "cuda",
        .title = "HIP",
        .extensions = hip_extensions,
        .editor_ids = hip_editor_ids,
        .parse_flags = hip_parse_flags,
        .implicit_includes = hip_implicit_includes,
        .amd_default_target = true,
        .host_code_in_gpu_files = true,
        .float_math_names = true,
        .vector_access = VECTOR_BY_POINTER_CAST,
        .specialization = SPECIALIZE_BY_TEMPLATE,
        .evidence_name = "hip",
        .dump_name = "HIP",
        .word = {
            .thread = "thread",
            .lane = "lane",
            .block = "block",
            .thread_block = "thread block",
            .launch_block = "block",
            .block_shape = "the block shape",
            .warp = "wavefront",
            .hardware_warp = "wavefront",
            .shared_memory = "shared memory (LDS)",
            .shared_qualifier = "__shared__",
            .constant_qualifier = "__constant__",
            .restrict_qualifier = "__restrict__",
            .align_open = "__align__(",
            .align_close = ")",
            .align_verb = "declare",
            .vector_mover = "hipcc",
            .compiler = "hipcc",
            .specialized_code = "the instantiation",
        },
        .idiom = {
            .compile_time_value = "a template parameter",
            .compile_time_condition = "a template parameter (template<bool>/template<int>)",
            .tunable_parameter = "parameter",
            .compiler_unswitches = "hipcc -O3 may unswitch",
            .share_row = "let a wavefront (or a group of lanes) share each row: lane",
            .group_reduce = "the wavefront reduces with __shfl_down (width warpSize)",
            .vector_access_hint = "",
            /* gpulint's benchmarks are CUDA programs, timed on NVIDIA GPUs */
            .bench_caveat = ", measured with CUDA on an NVIDIA GPU, not on AMD hardware",
        },
    },
};

const GpuLanguage *language_info(Language id)
{
    return id >= 0 && id < LANG_COUNT ? &languages[id] : &languages[LANG_CUDA];
}

const GpuLanguage *language_for_path(const char *path)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash)) return NULL;
    for (int i = 0; i < LANG_COUNT; i++)
        for (const char *const *e = languages[i].extensions; *e; e++)
            if (strcmp(dot, *e) == 0) return &languages[i];
    return NULL;
}

const GpuLanguage *language_named(const char *x_name)
{
    for (int i = 0; x_name && i < LANG_COUNT; i++)
        if (strcmp(x_name, languages[i].x_name) == 0) return &languages[i];
    return NULL;
}

const GpuLanguage *language_for_editor_id(const char *id)
{
    for (int i = 0; id && i < LANG_COUNT; i++)
        for (const char *const *e = languages[i].editor_ids; *e; e++)
            if (strcmp(id, *e) == 0) return &languages[i];
    return NULL;
}

void language_extension_text(char *buf, size_t size, const GpuLanguage *lang, const char *sep,
                             const char *last_sep)
{
    const char *all[32];
    int n = 0;
    for (int i = 0; i < LANG_COUNT; i++)
        for (const char *const *e = languages[i].extensions; (!lang || lang == &languages[i]) && *e; e++)
            if (n < (int)(sizeof all / sizeof *all)) all[n++] = *e;
    size_t used = 0;
    if (size) buf[0] = 0;
    for (int i = 0; i < n && used < size; i++) {
        int w = snprintf(buf + used, size - used, "%s%s", i == 0 ? "" : i == n - 1 ? last_sep : sep, all[i]);
        if (w < 0) break;
        used += (size_t)w;
    }
}

void language_x_name_text(char *buf, size_t size, const char *prefix)
{
    size_t used = 0;
    if (size) buf[0] = 0;
    for (int i = LANG_COUNT - 1; i >= 0 && used < size; i--) {
        int w = snprintf(buf + used, size - used, "%s%s%s", i == LANG_COUNT - 1 ? "" : i == 0 ? " or " : ", ", prefix,
                         languages[i].x_name);
        if (w < 0) break;
        used += (size_t)w;
    }
}
