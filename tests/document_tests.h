/* document_tests.h - for the tests of editors' documents: engine options
 * with gpulint's shim headers; a lint result as one JSON line (status,
 * kernels, findings as the JSON report writes them, and optionally the
 * parse's errors and notes) to compare two analyses of the same text; a
 * rule's count of findings. */
#ifndef GPULINT_TEST_DOCUMENT_TESTS_H
#define GPULINT_TEST_DOCUMENT_TESTS_H

#include "engine/engine.h"
#include "finding/file_result.h"
#include "output/finding_json.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Options for gpulint's shim headers from `data_dir`, through the
 * precompiled `pch` ("" for none). */
static inline void shim_engine_options(EngineOptions *o, const char *data_dir, const char *pch)
{
    memset(o, 0, sizeof *o);
    o->frontend.headers = HEADERS_SHIM;
    o->frontend.data_dir = data_dir;
    o->frontend.pch_path = pch[0] ? pch : NULL;
    o->frontend.use_pch = pch[0] != 0;
}

static inline void add_problems(cJSON *out, const Problem *p, int n)
{
    for (int i = 0; i < n; i++) {
        char line[1400];
        snprintf(line, sizeof line, "%s:%u:%u: %.1200s", p[i].file ? p[i].file : "", p[i].line, p[i].col, p[i].message);
        cJSON_AddItemToArray(out, cJSON_CreateString(line));
    }
}

static inline char *summary(const FileResult *r, bool with_problems)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "status", file_status_name(r->status));
    cJSON_AddNumberToObject(o, "kernels", r->kernels);
    if (with_problems) {
        add_problems(cJSON_AddArrayToObject(o, "errors"), r->problems.errors, r->problems.nerrors);
        add_problems(cJSON_AddArrayToObject(o, "notes"), r->problems.notes, r->problems.nnotes);
    }
    cJSON *f = cJSON_AddArrayToObject(o, "findings");
    for (int i = 0; i < r->findings.n; i++) cJSON_AddItemToArray(f, finding_to_json(&r->findings.items[i]));
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

static inline int count_rule(const FileResult *r, const char *rule)
{
    int n = 0;
    for (int i = 0; i < r->findings.n; i++) n += strcmp(r->findings.items[i].rule, rule) == 0;
    return n;
}

#endif
