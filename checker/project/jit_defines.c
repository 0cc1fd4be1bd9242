/* jit_defines.c - what a run-time compiled kernel file is parsed with
 * (JitDefines, jit_names.h): freed, merged over rounds, cut back to an
 * earlier round, and described in the file's note. */
#include "project/jit_names.h"
#include "project/jit_options.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void jit_defines_free(JitDefines *d)
{
    for (int i = 0; i < d->ndefines; i++) free(d->defines[i]);
    free(d->defines);
    free(d->source);
    for (int i = 0; i < d->nrun_time_names; i++) free(d->run_time_names[i]);
    free(d->run_time_names);
    free(d->run_time_source);
    for (int i = 0; i < d->ncommon; i++) free(d->common[i]);
    free(d->common);
    free(d->common_source);
    free(d->folder_of);
    free(d->flag);
    free(d->flag_for);
    for (int i = 0; i < d->ngeneric; i++) free(d->generic[i]);
    free(d->generic);
    free(d->generic_how);
    for (int i = 0; i < d->nprefix; i++) free(d->prefix[i]);
    free(d->prefix);
    memset(d, 0, sizeof *d);
}

static char **copy_strings(char *const *v, int n)
{
    char **out = n ? xcalloc((size_t)n, sizeof *out) : NULL;
    for (int i = 0; i < n; i++) out[i] = xstrdup(v[i]);
    return out;
}

static char *copy_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

void jit_defines_copy(JitDefines *to, const JitDefines *from)
{
    if (to == from) return;
    jit_defines_free(to);
    *to = *from;
    to->defines = copy_strings(from->defines, from->ndefines);
    to->run_time_names = copy_strings(from->run_time_names, from->nrun_time_names);
    to->common = copy_strings(from->common, from->ncommon);
    to->source = copy_or_null(from->source);
    to->run_time_source = copy_or_null(from->run_time_source);
    to->common_source = copy_or_null(from->common_source);
    to->folder_of = copy_or_null(from->folder_of);
    to->flag = copy_or_null(from->flag);
    to->flag_for = copy_or_null(from->flag_for);
    to->generic = copy_strings(from->generic, from->ngeneric);
    to->generic_how = copy_or_null(from->generic_how);
    to->prefix = copy_strings(from->prefix, from->nprefix);
}

/* Moves each string of from[0..n) onto *into unless it is there (then
 * frees it). */
static void move_unique(char ***into, int *ninto, char **from, int n)
{
    for (int i = 0; i < n; i++) {
        bool have = false;
        for (int j = 0; j < *ninto && !have; j++) have = strcmp((*into)[j], from[i]) == 0;
        if (have) free(from[i]);
        else *VEC_PUSH(*into, *ninto) = from[i];
    }
}

void jit_defines_merge(JitDefines *into, JitDefines *from)
{
    move_unique(&into->defines, &into->ndefines, from->defines, from->ndefines);
    for (int i = 0; i < from->nrun_time_names; i++)
        *VEC_PUSH(into->run_time_names, into->nrun_time_names) = from->run_time_names[i];
    move_unique(&into->common, &into->ncommon, from->common, from->ncommon);
    if (!into->common_source) into->common_source = from->common_source, from->common_source = NULL;
    if (!into->folder_of) into->folder_of = from->folder_of, from->folder_of = NULL;
    free(from->common);
    free(from->common_source);
    free(from->folder_of);
    if (!into->source) into->source = from->source, from->source = NULL;
    if (!into->run_time_source) into->run_time_source = from->run_time_source, from->run_time_source = NULL;
    if (!into->flag) {
        into->flag = from->flag, from->flag = NULL;
        into->flag_for = from->flag_for, from->flag_for = NULL;
    }
    free(from->flag);
    free(from->flag_for);
    move_unique(&into->generic, &into->ngeneric, from->generic, from->ngeneric);
    if (!into->generic_how) into->generic_how = from->generic_how, from->generic_how = NULL;
    free(from->generic);
    free(from->generic_how);
    move_unique(&into->prefix, &into->nprefix, from->prefix, from->nprefix);
    free(from->prefix);
    into->run_time_compiled |= from->run_time_compiled;
    into->device_default |= from->device_default;
    into->opencl = from->opencl;
    free(from->defines);
    free(from->run_time_names);
    free(from->source);
    free(from->run_time_source);
    memset(from, 0, sizeof *from);
}

void jit_defines_truncate(JitDefines *d, int ndefines, int nrun_time_names, int ncommon, int nprefix)
{
    for (int i = nprefix; i < d->nprefix; i++) free(d->prefix[i]);
    if (nprefix < d->nprefix) d->nprefix = nprefix;
    for (int i = ncommon; i < d->ncommon; i++) free(d->common[i]);
    d->ncommon = ncommon;
    if (!ncommon) {
        free(d->folder_of);
        d->folder_of = NULL;
    }
    for (int i = ndefines; i < d->ndefines; i++) free(d->defines[i]);
    for (int i = nrun_time_names; i < d->nrun_time_names; i++) free(d->run_time_names[i]);
    d->ndefines = ndefines;
    d->nrun_time_names = nrun_time_names;
    bool flag_kept = false;
    for (int i = 0; d->flag && i < ndefines && !flag_kept; i++) flag_kept = strcmp(d->defines[i], d->flag) == 0;
    if (d->flag && !flag_kept) {
        free(d->flag);
        free(d->flag_for);
        d->flag = d->flag_for = NULL;
    }
    int kept = 0; /* the generic types still among the defines */
    for (int i = 0; i < d->ngeneric; i++) {
        bool among = false;
        for (int k = 0; k < ndefines && !among; k++) among = strcmp(d->defines[k], d->generic[i]) == 0;
        if (among) d->generic[kept++] = d->generic[i];
        else free(d->generic[i]);
    }
    d->ngeneric = kept;
    if (!kept) {
        free(d->generic_how);
        d->generic_how = NULL;
    }
    if (!nrun_time_names) d->placeholder = NULL;
    if (!ndefines && !d->nprefix) {
        bool opencl = d->opencl;
        jit_defines_free(d);
        d->opencl = opencl;
    }
}

static bool common_define(const JitDefines *d, const char *def)
{
    for (int i = 0; i < d->ncommon; i++)
        if (strcmp(def, d->common[i]) == 0) return true;
    return false;
}

static bool run_time_define(const JitDefines *d, const char *def)
{
    for (int i = 0; i < d->nrun_time_names; i++) {
        size_t n = strlen(d->run_time_names[i]);
        if (strncmp(def, d->run_time_names[i], n) == 0 && def[n] == '=') return true;
    }
    return false;
}

void jit_defines_set_placeholder(JitDefines *d, int from, const char *placeholder)
{
    for (int i = from; i < d->ndefines; i++) {
        if (!run_time_define(d, d->defines[i])) continue;
        size_t name = (size_t)(strchr(d->defines[i], '=') - d->defines[i]), n = name + strlen(placeholder) + 2;
        char *def = xmalloc(n);
        snprintf(def, n, "%.*s=%s", (int)name, d->defines[i], placeholder);
        free(d->defines[i]);
        d->defines[i] = def;
    }
    d->placeholder = placeholder;
}

char *jit_describe(const JitDefines *d)
{
    char *out = NULL;
    size_t len = 0;
    FILE *s = open_memstream(&out, &len);
    if (!s) abort();
    fputs(d->opencl ? "compiled at run time (OpenCL)" : "compiled at run time (NVRTC)", s);
    int shown = 0;
    for (int i = 0; i < d->ndefines; i++)
        if (!run_time_define(d, d->defines[i]) && !common_define(d, d->defines[i]) &&
            !(d->flag && strcmp(d->defines[i], d->flag) == 0))
            fprintf(s, "%s%s", shown++ ? ", " : ": parsed with ", d->defines[i]);
    if (shown) fprintf(s, ", read from %s", d->source);
    for (int i = 0; i < d->ncommon; i++) fprintf(s, "%s-D %s", i ? ", " : shown++ ? "; " : ": ", d->common[i]);
    if (d->ncommon)
        fprintf(s, " as every build passes %s (%s)", d->ncommon > 1 ? "them" : "it", d->common_source);
    if (d->folder_of) fprintf(s, " (%s)", d->folder_of);
    if (d->flag)
        fprintf(s, "%s-D %s, one of the flags the host names at run time (-D%%s): its branch of the kernel's "
                   "headers defines %s",
                shown++ ? "; " : ": ", d->flag, d->flag_for);
    for (int i = 0; i < d->nrun_time_names; i++)
        fprintf(s, "%s%s", i ? ", " : shown ? "; " : ": ", d->run_time_names[i]);
    if (d->nrun_time_names)
        fprintf(s, " set by %s from %s known only at run time: analysed as %s of unknown value (the parser sees %s)",
                d->run_time_source, d->nrun_time_names > 1 ? "values" : "a value",
                d->nrun_time_names > 1 ? "compile-time constants" : "a compile-time constant",
                d->placeholder ? d->placeholder : JIT_RUN_TIME_PLACEHOLDER);
    for (int i = 0; i < d->nprefix; i++)
        fprintf(s, "%s%s", i ? ", " : shown || d->nrun_time_names ? "; built after " : ": built after ", d->prefix[i]);
    if (d->nprefix) fprintf(s, " (the host builds %s with it)", d->nprefix > 1 ? "them" : "it");
    for (int i = 0; i < d->ngeneric; i++)
        fprintf(s, "%s%.*s", i ? ", " : shown || d->nrun_time_names ? "; " : ": ", (int)strcspn(d->generic[i], "="), d->generic[i]);
    if (d->ngeneric)
        fprintf(s, " from the host template's type parameters, a build per type: parsed with %s (%s)",
                strchr(d->generic[0], '=') + 1, d->generic_how ? d->generic_how : "");
    if (d->device_default)
        fputs("; functions without __device__ as device code (the project passes NVRTC "
              "--device-as-default-execution-space)", s);
    fclose(s);
    return out;
}

int jit_take_type_options(const char *text, const char *file, const char *assumed, JitTypes *types, bool generic,
                          JitDefines *out)
{
    int added = 0;
    for (const char *a = assumed; a && *a;) {
        while (*a == ' ' || *a == ',') a++;
        const char *eq = strchr(a, '=');
        if (!eq) break;
        char name[64], value[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - a < 63 ? eq - a : 63), a);
        a = strchr(eq, ',') ? strchr(eq, ',') : eq + strlen(eq);
        bool have = false;
        size_t len = strlen(name);
        for (int i = 0; i < out->ndefines && !have; i++)
            have = strncmp(out->defines[i], name, len) == 0 && out->defines[i][len] == '=';
        if (have) continue;
        char how[160] = "";
        JitTypeKind kind = JIT_TYPE_NONE;
        if (jit_option_value(text, name, value, sizeof value) == OPTION_LITERAL && jit_type_spelling(value))
            kind = JIT_TYPE_FIXED;
        else
            kind = jit_type_value(types, text, name, value, sizeof value, how, sizeof how);
        if (kind == JIT_TYPE_NONE || (kind == JIT_TYPE_GENERIC && !generic)) continue;
        size_t n = len + strlen(value) + 2;
        char *def = xmalloc(n);
        snprintf(def, n, "%s=%s", name, value);
        *VEC_PUSH(out->defines, out->ndefines) = def;
        if (kind == JIT_TYPE_GENERIC) {
            *VEC_PUSH(out->generic, out->ngeneric) = xstrdup(def);
            if (!out->generic_how) out->generic_how = xstrdup(how);
        }
        if (!out->source) out->source = xstrdup(file);
        added++;
    }
    return added;
}
