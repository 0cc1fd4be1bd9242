/* frontend.c - the front end's one entry point: parse, then build the model
 * (see frontend.h).  Nothing outside checker/frontend/ sees libclang. */
#include "frontend/frontend.h"
#include "frontend/model_build.h"
#include "frontend/parse.h"
#include "util/clock.h"

#include <stdlib.h>
#include <string.h>

bool frontend_analyse(Frontend *fe, const char *path, const char *contents, unsigned long size, Model *m,
                      FrontendReport *rep)
{
    return frontend_analyse_with(fe, path, contents, size, NULL, m, rep);
}

bool frontend_analyse_with(Frontend *fe, const char *path, const char *contents, unsigned long size,
                           const FileArgs *fa, Model *m, FrontendReport *rep)
{
    memset(rep, 0, sizeof *rep);
    double t = monotonic_seconds();
    frontend_set_unsaved(fe, path, contents, size);
    frontend_set_file_args(fe, fa);
    ParseResult pr = frontend_parse(fe, path);
    frontend_set_file_args(fe, NULL);
    frontend_set_unsaved(fe, NULL, NULL, 0);
    rep->parse_seconds = monotonic_seconds() - t;
    rep->fatal = pr.fatal;
    rep->fatal_message = pr.fatal_message;
    rep->diags = pr.diags;
    rep->ndiags = pr.ndiags;
    rep->used_real_headers = pr.used_real_headers;
    rep->toolkit_prelude = pr.toolkit_prelude;
    pr.fatal_message = NULL;
    pr.diags = NULL;
    pr.ndiags = 0;
    if (!pr.fatal) {
        t = monotonic_seconds();
        model_build(m, pr.tu, frontend_shim_dir(fe), frontend_options(fe));
        if (m->language == LANG_OPENCL) opencl_link_host_launches(fe, path, m);
        rep->model_seconds = monotonic_seconds() - t;
    }
    parse_result_free(&pr);
    return !rep->fatal;
}

void frontend_report_free(FrontendReport *r)
{
    for (int i = 0; i < r->ndiags; i++) {
        free(r->diags[i].file);
        free(r->diags[i].message);
    }
    free(r->diags);
    free(r->fatal_message);
    memset(r, 0, sizeof *r);
}
