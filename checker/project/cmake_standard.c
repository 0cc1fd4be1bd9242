/* cmake_standard.c - the C++ standard of a CMake build (see cmake_standard.h). */
#include "project/cmake_standard.h"

#include "util/fileio.h"

#include <ctype.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The highest NN of "..._STANDARD NN" in the text (not _STANDARD_REQUIRED), 0 when none.
 * For a CUDA source, a C++ one's (CMAKE_CXX_STANDARD, CXX_STANDARD) does not
 * count: CMake compiles .cu files as CUDA, whose standard is CUDA_STANDARD
 * (nvcc's default when none is set), so a `set(CMAKE_CXX_STANDARD 20)` for
 * the host library, or one for a SYCL build, leaves them C++17. */
static int highest_standard(const char *text, bool cuda_source)
{
    int best = 0;
    for (const char *p = strstr(text, "_STANDARD"); p; p = strstr(p + 9, "_STANDARD")) {
        const char *q = p + 9;
        if (cuda_source && p - text >= 3 && strncmp(p - 3, "CXX", 3) == 0) continue;
        if (*q == '}') q++; /* ${..._STANDARD} is a use, not a setting: skipped below by the number test */
        if (*q != ' ' && *q != '\t') continue;
        while (*q == ' ' || *q == '\t' || *q == '"') q++;
        if (!isdigit((unsigned char)q[0]) || !isdigit((unsigned char)q[1])) continue;
        int v = atoi(q);
        if (v >= 98) continue; /* 98: C++98 */
        if (v > best) best = v;
    }
    return best;
}

const char *cmake_cxx_standard_for(const char *root, const char *path)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    size_t root_len = root ? strlen(root) : 0;
    const char *dot = strrchr(path, '.');
    bool cuda_source = dot && (strcmp(dot, ".cu") == 0 || strcmp(dot, ".cuh") == 0);
    for (int depth = 0; depth < 32; depth++) {
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir) return NULL;
        *slash = 0;
        if (root_len && strlen(dir) < root_len) return NULL; /* above the project */
        char list[PATH_MAX + 32];
        snprintf(list, sizeof list, "%s/CMakeLists.txt", dir);
        long size = 0;
        char *text = read_file(list, &size);
        if (!text) continue;
        int v = highest_standard(text, cuda_source);
        free(text);
        if (!v) continue;
        return v >= 23 ? "c++23" : v >= 20 ? "c++20" : NULL;
    }
    return NULL;
}
