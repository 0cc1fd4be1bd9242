/* cmake_facts.h - what a CMake project's configure step makes that a parse
 * of its sources needs, for a source tree without a build tree (no compile
 * database): the headers configure_file() makes from templates in the
 * source tree (af/version.h from version.h.in), and the definitions a Linux
 * build adds through $<$<PLATFORM_ID:Linux>:...>.
 *
 * The CMakeLists.txt and *.cmake files are read as text; no CMake code runs
 * and if() is not evaluated.  A template's @VAR@ and ${VAR} take the values
 * of the project's plain set(), option() and project(... VERSION ...)
 * commands (the first one seen); a variable gpulint cannot read becomes 0
 * ("" inside quotes), and a #cmakedefine of one is left undefined. */
#ifndef GPULINT_CMAKE_FACTS_H
#define GPULINT_CMAKE_FACTS_H

#include <stdbool.h>

typedef struct CmakeFacts CmakeFacts;

/* Reads the given CMake files (absolute paths); never NULL. */
CmakeFacts *cmake_facts_read(const char *const *cmake_files, int n);
void cmake_facts_free(CmakeFacts *facts);

/* The template of the configure_file() whose output path ends with
 * "/spelling" (an existing file), or NULL. */
const char *cmake_template_for(CmakeFacts *facts, const char *spelling);

/* The text configure_file() would write for that output (malloc'd), or
 * NULL when the template cannot be read. */
char *cmake_configure(CmakeFacts *facts, const char *spelling);

/* The definitions of a Linux build ("OS_LNX", "NAME=VALUE"). */
int cmake_linux_definitions(CmakeFacts *facts, const char *const **defs);

#endif
