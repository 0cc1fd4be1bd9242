/* registry.c - the one table of rules. Adding a rule = one file + one line here. */
#include "rules.h"

#include <string.h>

extern const Rule rule_uncoalesced_adjacent;
extern const Rule rule_uncoalesced_row;

const Rule *const gpulint_rules[] = {
    &rule_uncoalesced_adjacent,
    &rule_uncoalesced_row,
};
const int gpulint_nrules = (int)(sizeof gpulint_rules / sizeof gpulint_rules[0]);

const Rule *rule_by_id(const char *id)
{
    for (int i = 0; i < gpulint_nrules; i++)
        if (strcmp(gpulint_rules[i]->id, id) == 0) return gpulint_rules[i];
    return NULL;
}
