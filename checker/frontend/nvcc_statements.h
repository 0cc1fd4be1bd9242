/* nvcc_statements.h - statements nvcc accepts and clang drops (see
 * nvcc_statements.c). */
#ifndef GPULINT_NVCC_STATEMENTS_H
#define GPULINT_NVCC_STATEMENTS_H

#include "frontend/frontend.h"

#include <clang-c/Index.h>

/* Sets Diag.nvcc_statement for the errors that come from such statements. */
void mark_nvcc_statements(CXTranslationUnit tu, Diag *diags, int ndiags);

#endif
