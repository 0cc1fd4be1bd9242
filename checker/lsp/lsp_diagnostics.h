/* lsp_diagnostics.h - findings as LSP Diagnostics, and the code actions
 * offered for them.
 *
 * A Diagnostic carries everything its code actions need in `data`:
 *   {"fingerprint": the finding's id, "rule": id, "safe": the rule's
 *    fixes_are_safe, "fixes": [{"title", "edits": [TextEdit], "uri"}]}
 * so the server answers textDocument/codeAction from the diagnostics it
 * published, without the analysis. */
#ifndef GPULINT_LSP_DIAGNOSTICS_H
#define GPULINT_LSP_DIAGNOSTICS_H

#include "lsp/lsp_documents.h"
#include "engine/engine.h"

#include <cjson/cJSON.h>

#define LSP_SOURCE "gpulint"
#define LSP_CMD_OPEN_DOCS "gpulint.openRuleDocs"

typedef struct {
    PosEncoding enc;
    const char *docs_base;   /* rule pages are <docs_base>/<rule>.md; NULL: no links */
} DiagnosticSetup;

/* 1 Error, 2 Warning, 3 Information, 4 Hint. */
int lsp_severity(Severity s);
/* <base>/<rule>.md (free it); NULL when base is NULL or empty. */
char *lsp_rule_href(const char *base, const char *rule);

/* The findings of `r` that lie in `path` (the document, whose current text
 * is text[0..len)) as a JSON array of Diagnostics; *elsewhere counts the
 * findings reported in other files (headers), which are left out. */
cJSON *lsp_diagnostics_from_result(const FileResult *r, const char *path, const char *text, size_t len,
                                   const DiagnosticSetup *s, int *elsewhere);

/* The same for the document `path` (an included header open in the
 * editor, say), where `same` says whether a finding's file, as libclang
 * spells it, is that document. */
typedef bool (*LspFileMatch)(const char *file, const void *arg);
cJSON *lsp_diagnostics_in(const FileResult *r, const char *path, LspFileMatch same, const void *same_arg,
                          const char *text, size_t len, const DiagnosticSetup *s, int *elsewhere);

/* The code actions for `diagnostics` of `d` (those computed for its current
 * text: edits computed for an older text would land in the wrong place) that
 * touch [start, end]: each fix-it as a quick fix (preferred when the rule's
 * fixes are safe), "suppress on this line" (// NOLINT(rule)), "suppress in
 * this file" (NOLINTBEGIN/NOLINTEND around the file) and "open the rule's
 * documentation".  `only` is the request's context.only (or NULL). */
cJSON *lsp_code_actions(const Document *d, const cJSON *diagnostics, LspPos start, LspPos end, const cJSON *only,
                        PosEncoding enc);

/* Appends to `out` a copy of each of `diags` that says what none of out
 * says yet (code, range and message: one finding seen from a header's own
 * analysis and from an includer's). */
void lsp_diagnostics_add_unique(cJSON *out, const cJSON *diags);

/* Range helpers on LSP JSON. */
cJSON *lsp_range_json(LspPos a, LspPos b);
bool lsp_range_parse(const cJSON *range, LspPos *a, LspPos *b);

#endif
