/* finding.h - a finding is data: every output format renders this one struct
 * and none computes anything. */
#ifndef GPULINT_FINDING_H
#define GPULINT_FINDING_H

#include "util/arena.h"
#include "util/strmap.h"
#include "model/srcloc.h"

#include <stdbool.h>

/* In increasing order: a threshold compares with >=.  Severity follows the
 * cost model's predicted speedup (rules/cost_model.h); info is below any
 * measurable gain. */
typedef enum { SEV_INFO, SEV_LOW, SEV_MEDIUM, SEV_HIGH } Severity;
#define SEV_COUNT 4

/* Evidence is typed so that rules and benchmark generators read values back
 * without parsing text they wrote.  Lists keep their items; how a value reads
 * as text (lists comma-joined) is decided in one place, evidence_format. */
typedef enum { EV_INT, EV_STR, EV_BOOL, EV_INT_LIST, EV_STR_LIST } EvidenceKind;

typedef struct {
    const char *key;
    EvidenceKind kind;
    long long i;             /* EV_INT, EV_BOOL */
    const char *s;           /* EV_STR */
    const long long *ints;   /* EV_INT_LIST: count items */
    const char *const *strs; /* EV_STR_LIST: count items */
    int count;
} Evidence;

typedef struct {
    SrcRange range;
    const char *message;
} Related;

typedef struct {
    SrcRange range;          /* replaced text; empty range = insertion */
    const char *text;
    const char *original;    /* the text the range must hold (checked by --fix), or NULL */
} Replacement;

typedef struct {
    const char *description;
    Replacement *replacements; int nreplacements;
} Fix;

/* A measured result attached by --impact. */
typedef struct {
    bool present;
    const char *gpu;
    double speedup, spread_lo, spread_hi;
    const char *variant;
    const char *verdict;
} Measured;

/* What the cost model predicts for the finding's shape (always present
 * once a rule has asked; known is false when no measurement applies). */
typedef struct {
    bool present;
    const char *gpu;
    bool known;
    double speedup;          /* when known */
    const char *basis;       /* the measured shape it was read from, or "no measurement for this shape (...)" */
} Predicted;

typedef struct {
    const char *rule;
    Severity severity;
    SrcRange range;
    const char *kernel;
    const char *message;
    Evidence *evidence; int nevidence;
    Related *related; int nrelated;
    Fix *fixes; int nfixes;
    const char *id;          /* stable, file-name safe */
    Predicted predicted;
    Measured measured;
    /* Set by the engine's filter (report/filter.h), in the list's arena:
     * the path relative to the repository root (NULL outside it) and the
     * stable fingerprint (finding/fingerprint.h). */
    const char *repo_path;
    const char *fingerprint;
} Finding;

typedef struct {
    Finding *items; int n;
    Arena arena;             /* strings of all findings */
    StrMap seen;             /* de-duplication keys (finding_key) */
} FindingList;

void findings_init(FindingList *l);
void findings_free(FindingList *l);

/* Start a finding; returns NULL when an identical one (rule, range, message)
 * already exists (template instantiations, helpers called twice): a hash
 * lookup, so a list of any size is built in linear time.  The message is
 * formatted into the list's arena. */
Finding *finding_new(FindingList *l, const char *rule, Severity sev, SrcRange range,
                     const char *kernel, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void finding_int(FindingList *l, Finding *f, const char *key, long long v);
void finding_str(FindingList *l, Finding *f, const char *key, const char *v);
void finding_bool(FindingList *l, Finding *f, const char *key, bool v);
/* Lists are copied into the list's arena (items and strings). */
void finding_int_list(FindingList *l, Finding *f, const char *key, const long long *v, int n);
void finding_str_list(FindingList *l, Finding *f, const char *key, const char *const *v, int n);
void finding_related(FindingList *l, Finding *f, SrcRange r, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A fix; add replacements with finding_replacement (none = a suggestion only). */
Fix *finding_fix(FindingList *l, Finding *f, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void finding_replacement(FindingList *l, Fix *fix, SrcRange r, const char *text, const char *original);
const Evidence *finding_evidence(const Finding *f, const char *key);

/* Typed readers: the fallback (or NULL, n = 0, false) when the key is absent
 * or holds another kind. */
long long evidence_int(const Finding *f, const char *key, long long fallback); /* int or bool */
const char *evidence_str(const Finding *f, const char *key, const char *fallback);
const long long *evidence_int_list(const Finding *f, const char *key, int *n);
const char *const *evidence_str_list(const Finding *f, const char *key, int *n);
/* A string value equal to `value`, or a string list holding it. */
bool evidence_has_str(const Finding *f, const char *key, const char *value);

/* The value as text, the way every output shows it: integers in decimal,
 * booleans true/false, strings as they are, lists joined with "," (the JSON
 * v1 contract: list-valued keys are comma-joined strings).  snprintf
 * semantics: writes at most n bytes (NUL included) and returns the full
 * length, so evidence_format(e, NULL, 0) + 1 is the size to allocate. */
int evidence_format(const Evidence *e, char *buf, size_t n);

const char *severity_name(Severity s);
/* "info", "low", "medium", "high" -> s; false for anything else. */
bool severity_parse(const char *name, Severity *s);
/* --min-severity: is the finding at or above the threshold? */
bool finding_passes_min_severity(const Finding *f, Severity min);
/* Keeps the findings at or above `min`; returns how many were dropped. */
int findings_filter_min_severity(FindingList *l, Severity min);
/* Sort by file, line, column, rule; assign ids unique within the list. */
void findings_finish(FindingList *l);
/* Assigns ids in list order, unique across all lists given the same `ids`
 * map: <rule>-<file stem>-L<line>-C<col>, then -2, -3... for later findings
 * with the same one. */
void findings_assign_ids(FindingList *l, StrMap *ids);
/* What makes two findings the same (rule, file, line, column, message), as a
 * string for a StrMap; NULL when the finding has no file.  Free it. */
char *finding_key(const Finding *f);
/* A copy of `f` (from another list) in `l`, its strings in l's arena;
 * NULL when l already holds the same finding. */
Finding *finding_copy(FindingList *l, const Finding *f);
/* Keeps the findings whose keep[i] is true, in order; frees the others. */
void findings_retain(FindingList *l, const bool *keep);

#endif
