/* option_parser.c - what the option table (options.c) is read into: the
 * parse of a command line, --help and the Markdown of docs/usage.md. */
#include "cli/options.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* --help's layout: the option column, then the help text up to WIDTH. */
#define LABEL_WIDTH 22
#define TEXT_COLUMN (2 + LABEL_WIDTH + 1)
#define WIDTH 79

const CliCommand *cli_command(unsigned id)
{
    for (int i = 0; i < cli_ncommands; i++)
        if (cli_commands[i].id == id) return &cli_commands[i];
    return NULL;
}

void cli_usage_error(const CliCommand *cmd, const char *fmt, ...)
{
    fprintf(stderr, "%s: error: ", cmd->prog);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (cmd->usage_on_error) {
        fputc('\n', stderr);
        cli_print_help(cmd, stderr);
    } else {
        fprintf(stderr, "\n(run '%s --help' for usage)\n", cmd->prog);
    }
    exit(2);
}

/* Whether a is spelling written in one of forms (forms 0: a flag); the
 * value, if any, in *value, or *separate when it is the next argument.
 * Attached values (-IDIR) only when attached is set: they are tried after
 * every other spelling. */
static bool spelled(const char *a, const char *spelling, unsigned forms, bool attached, const char **value, bool *separate)
{
    if (!spelling) return false;
    size_t n = strlen(spelling);
    if (strncmp(a, spelling, n) != 0) return false;
    *value = NULL;
    *separate = false;
    if (attached) {
        if (!(forms & VALUE_ATTACHED) || !a[n]) return false;
        *value = a + n;
        return true;
    }
    if (!a[n]) {
        *separate = forms != 0;
        return forms == 0 || (forms & VALUE_NEXT);
    }
    if (a[n] == '=' && (forms & VALUE_EQUALS)) {
        *value = a + n + 1;
        return true;
    }
    return false;
}

static const CliOption *find_option(const CliCommand *cmd, const char *a, const char **value, bool *separate)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < cli_noptions; i++) {
            const CliOption *o = &cli_options[i];
            if ((o->commands & cmd->id) &&
                (spelled(a, o->name, o->forms, pass, value, separate) || spelled(a, o->alias, o->alias_forms, pass, value, separate)))
                return o;
        }
    return NULL;
}

int cli_parse(const CliCommand *cmd, int argc, char **argv, CliArgs *args)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        CliOptionUse use = {.command = cmd, .arg = a, .argc = argc, .argv = argv, .i = &i};
        use.option = find_option(cmd, a, &use.value, &use.separate);
        if (!use.option) {
            if ((a[0] == '-' && a[1]) || !cmd->positional) cli_usage_error(cmd, "unknown option '%s'", a);
            cmd->positional(args, a);
            continue;
        }
        if (use.separate) {
            if (++i >= argc) cli_usage_error(cmd, "%s needs %s", a, use.option->needs ? use.option->needs : "a value");
            use.value = argv[i];
        }
        int status = use.option->action(args, &use);
        if (status >= 0) return status;
    }
    return -1;
}

/* ------------------------------------------------------------ listing */

static bool listed(const CliCommand *cmd, const CliOption *o)
{
    return (o->commands & cmd->id) && !o->hidden;
}

/* Whether the command's options are grouped under headings. */
static bool has_sections(const CliCommand *cmd)
{
    for (int i = 0; i < cli_noptions; i++)
        if (listed(cmd, &cli_options[i]) && cli_options[i].section) return true;
    return false;
}

/* One spelling as it is shown: "--output=FILE", "-o FILE", "--fix". */
static void spelling_label(char *buf, size_t n, const CliOption *o, const char *spelling, unsigned forms)
{
    char choices[256];
    const char *arg = o->arg;
    if (o->choices) {
        o->choices(choices, sizeof choices, "|", "|");
        arg = choices;
    }
    if (!arg) snprintf(buf, n, "%s", spelling);
    else if ((forms & VALUE_EQUALS) && spelling[1] == '-') snprintf(buf, n, "%s=%s", spelling, arg);
    else if ((forms & VALUE_NEXT) || !forms) snprintf(buf, n, "%s %s", spelling, arg);
    else if (forms & VALUE_EQUALS) snprintf(buf, n, "%s=%s", spelling, arg);
    else snprintf(buf, n, "%s%s", spelling, arg);
}

/* "-o FILE, --output=FILE", or in Markdown "`-o FILE`, `--output=FILE`". */
static void option_label(char *buf, size_t n, const CliOption *o, bool markdown)
{
    char name[300], alias[300];
    const char *q = markdown ? "`" : "";
    spelling_label(name, sizeof name, o, o->name, o->forms);
    if (o->alias) {
        spelling_label(alias, sizeof alias, o, o->alias, o->alias_forms);
        snprintf(buf, n, "%s%s%s, %s%s%s", q, alias, q, q, name, q);
    } else {
        snprintf(buf, n, "%s%s%s", q, name, q);
    }
}

/* text from column `column` on, wrapped at WIDTH, its continuation lines
 * indented to TEXT_COLUMN. */
static void print_wrapped(FILE *out, const char *text, int column)
{
    bool line_start = true;
    for (const char *p = text; *p;) {
        p += strspn(p, " ");
        size_t w = strcspn(p, " ");
        if (!w) break;
        if (!line_start && column + 1 + (int)w > WIDTH) {
            fprintf(out, "\n%*s", TEXT_COLUMN, "");
            column = TEXT_COLUMN;
            line_start = true;
        }
        if (!line_start) {
            fputc(' ', out);
            column++;
        }
        fwrite(p, 1, w, out);
        column += (int)w;
        p += w;
        line_start = false;
    }
    fputc('\n', out);
}

void cli_print_help(const CliCommand *cmd, FILE *out)
{
    fputs(cmd->synopsis, out);
    bool sections = has_sections(cmd);
    if (!sections) fputs("options:\n", out);
    const char *section = NULL;
    for (int i = 0; i < cli_noptions; i++) {
        const CliOption *o = &cli_options[i];
        if (!listed(cmd, o)) continue;
        if (sections && o->section && o->section != section) {
            fprintf(out, "%s%c%s:\n", section ? "\n" : "", tolower((unsigned char)o->section[0]), o->section + 1);
            section = o->section;
        }
        char label[640];
        option_label(label, sizeof label, o, false);
        if (strlen(label) > LABEL_WIDTH) fprintf(out, "  %s\n%*s", label, TEXT_COLUMN, "");
        else fprintf(out, "  %-*s ", LABEL_WIDTH, label);
        print_wrapped(out, o->help, TEXT_COLUMN);
    }
    if (cmd->help_end) cmd->help_end(out);
}

/* A table cell: '|' escaped (GitHub tables split on it even in code). */
static void print_cell(FILE *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p == '|') fputc('\\', out);
        fputc(*p, out);
    }
}

void cli_print_doc(const CliCommand *cmd, FILE *out)
{
    bool sections = has_sections(cmd), first = true;
    const char *section = NULL;
    for (int i = 0; i < cli_noptions; i++) {
        const CliOption *o = &cli_options[i];
        if (!listed(cmd, o)) continue;
        bool heading = sections && o->section && o->section != section;
        if (heading) {
            fprintf(out, "%s### %s\n\n", first ? "" : "\n", o->section);
            section = o->section;
        }
        if (first || heading) fputs("| option | meaning |\n|---|---|\n", out);
        first = false;
        char label[640];
        option_label(label, sizeof label, o, true);
        fputs("| ", out);
        print_cell(out, label);
        fputs(" | ", out);
        print_cell(out, o->doc ? o->doc : o->help);
        fputs(" |\n", out);
    }
}
