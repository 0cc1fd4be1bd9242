/* cmake_facts.h - what a CMake project's configure step makes that a parse
 * of its sources needs, for a source tree without a build tree (no compile
 * database): the headers configure_file() makes from templates in the
 * source tree (af/version.h from version.h.in), the definitions a Linux
 * build adds through $<$<PLATFORM_ID:Linux>:...>, and the plain definitions
 * a CMakeLists.txt gives the sources of its directory (CUDA_NO_HALF).
 *
 * The CMakeLists.txt and *.cmake files are read as text; no CMake code runs.
 * An if() is read only where cmake_definitions.h says (definitions inside
 * other if()s, function() and loops are left out).  A template's @VAR@ and ${VAR} take the values
 * of the project's plain set(), option() and project(... VERSION ...)
 * commands (the first one seen); a variable gpulint cannot read becomes 0
 * ("" inside quotes), and a #cmakedefine of one is left undefined. */
#ifndef GPULINT_CMAKE_FACTS_H
#define GPULINT_CMAKE_FACTS_H

#include <stdbool.h>

typedef struct CmakeFacts CmakeFacts;

/* Reads the given CMake files (absolute paths); never NULL. */
CmakeFacts *cmake_facts_read(const char *const *cmake_files, int n);
/* The same for texts already read (NUL-terminated): texts[i] is the file
 * cmake_files[i].  Templates are still read from disk. */
CmakeFacts *cmake_facts_read_texts(const char *const *cmake_files, const char *const *texts, int n);
void cmake_facts_free(CmakeFacts *facts);

/* The template of the configure_file() whose output path ends with
 * "/spelling" (an existing file), or NULL. */
const char *cmake_template_for(CmakeFacts *facts, const char *spelling);

/* The text configure_file() would write for that output (malloc'd), or
 * NULL when the template cannot be read. */
char *cmake_configure(CmakeFacts *facts, const char *spelling);

/* The definitions of a Linux build ("OS_LNX", "NAME=VALUE"). */
int cmake_linux_definitions(CmakeFacts *facts, const char *const **defs);

/* The definitions every build gives the source file at `path` (absolute):
 * those of a Linux build, and the plain ones an add_definitions(),
 * add_compile_definitions() or target_compile_definitions() of a
 * CMakeLists.txt in its directory or one above gives, at its top level or
 * in an if() whose condition is known (cmake_definitions.h).  *defs is
 * malloc'd (free it), its strings are the facts'. */
int cmake_definitions_for(CmakeFacts *facts, const char *path, const char ***defs);
/* The same, given only by a build for NVIDIA's GPUs (or with `amd`
 * AMD's): inside if(USE_CUDA) or the else() of if(USE_HIP). */
int cmake_vendor_definitions_for(CmakeFacts *facts, const char *path, bool amd, const char ***defs);

/* The option NAME when a CMakeLists.txt lists the CUDA source at `path`
 * (absolute) only inside if(NAME), NAME is an option() that is OFF by
 * default, and no CMakeLists.txt lists it outside an if() (faiss's cuVS
 * sources: a default build does not compile them); else NULL. */
const char *cmake_optional_switch(CmakeFacts *facts, const char *path);

/* A source template: when the CMake code reads the file at `path` with
 * file(READ) and rewrites its text with string(REPLACE "PLACEHOLDER"
 * "${value}" ...) into generated sources (faiss's IVF scan kernels, one per
 * codec, metric and size), the text of the first generated source: each
 * foreach() loop at its first value, list(GET) and string(REPLACE) of plain
 * values followed (malloc'd); *note says so, with the CMake file and the
 * values (malloc'd).  NULL when the file is no template or a replacement's
 * value cannot be read; the file is read only when its path matches a
 * file(READ). */
char *cmake_source_template(CmakeFacts *facts, const char *path, char **note);

/* The i-th directory definition (for --show-project) and the vendor
 * ("NVIDIA", "AMD") whose builds alone get it, else NULL: 1, or 0 past
 * the end. */
int cmake_directory_definitions(CmakeFacts *facts, int i, const char **dir, const char **definition,
                                const char **vendor);

#endif
