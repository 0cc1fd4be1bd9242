/* A cracking-suite style host: one kernel file per mode, found through a
 * formatted path, built with options that switch on the kernels' shared
 * includes and name their folder at run time. */
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc(*len + 1);
    *len = fread(text, 1, *len, f);
    text[*len] = 0;
    fclose(f);
    return text;
}

cl_program build_mode(cl_context ctx, cl_device_id dev, const char *shared_dir, int mode, int vector_width)
{
    char path[512], options[1024];
    snprintf(path, sizeof path, "%s/kernels/mode%04d.cl", shared_dir, mode);
    int n = snprintf(options, sizeof options, "-D KERNEL_STATIC -I kernels -I %s -D INCLUDE_PATH=%s ",
                     shared_dir, shared_dir);
    n += snprintf(options + n, sizeof options - n, "-D XSTR(x)=#x -D STR(x)=XSTR(x) -D VECTOR_WIDTH=%d ",
                  vector_width);
    size_t len = 0;
    char *text = read_text(path, &len);
    if (!text) return NULL;
    cl_int err;
    const char *sources[] = {text};
    cl_program program = clCreateProgramWithSource(ctx, 1, sources, &len, &err);
    free(text);
    if (clBuildProgram(program, 1, &dev, options, NULL, NULL) != CL_SUCCESS) return NULL;
    return program;
}
