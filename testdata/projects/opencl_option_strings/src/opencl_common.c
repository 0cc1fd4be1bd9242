/* Builds every OpenCL program of the project: the options all builds pass
 * (-D_OPENCL_BUILD), one platform's (-D__MESA__, -D__OS_X__) and the
 * format's own (opts). */
#include <stdio.h>

typedef struct _cl_program *cl_program;
typedef struct _cl_device_id *cl_device_id;
extern int clBuildProgram(cl_program, unsigned, const cl_device_id *, const char *, void *, void *);
extern int platform_is_mesa(void);

static char build_opts[1024];

const char *common_options(const char *opts)
{
    snprintf(build_opts, sizeof(build_opts), "-I run/kernels %s -D_OPENCL_BUILD %s %s",
#ifdef __APPLE__
             "-D__OS_X__ ",
#else
             "",
#endif
             platform_is_mesa() ? "-D__MESA__ " : "", opts ? opts : "");
    return build_opts;
}

int build_program(cl_program program, const cl_device_id *device, const char *opts)
{
    /* "pass -D NAME=VALUE to override" is a message, not an option string */
    fprintf(stderr, "pass -D NAME=VALUE to override\n");
    return clBuildProgram(program, 1, device, common_options(opts), NULL, NULL);
}
