/* test_lsp_schedule.c - the language server's adaptive debounce: an edit
 * waits half as long as its document's last analysis took, from 20 ms up
 * to debounceMs's default; a debounceMs the client sets is always used. */
#include "lsp/lsp_server.h"
#include "check.h"

#include <string.h>

int main(void)
{
    Server s;
    memset(&s, 0, sizeof s);
    s.debounce = 0.3;
    Document d;
    memset(&d, 0, sizeof d);
    CHECK(analysis_debounce(&s, &d) == 0.3);   /* never analysed: the default */
    d.last_seconds = 0.1;
    CHECK(analysis_debounce(&s, &d) == 0.05);  /* a fast analysis follows the typing */
    d.last_seconds = 0.01;
    CHECK(analysis_debounce(&s, &d) == 0.02);  /* not below 20 ms */
    d.last_seconds = 4.0;
    CHECK(analysis_debounce(&s, &d) == 0.3);   /* a slow one waits for a pause, up to the default */
    s.debounce_fixed = true;                   /* debounceMs set by the client */
    s.debounce = 0;
    d.last_seconds = 0.1;
    CHECK(analysis_debounce(&s, &d) == 0);
    s.debounce = 0.5;
    CHECK(analysis_debounce(&s, &d) == 0.5);
    return check_summary();
}
