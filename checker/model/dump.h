/* model_dump.h - human-readable dump of the kernel model (--dump-model). */
#ifndef GPULINT_MODEL_DUMP_H
#define GPULINT_MODEL_DUMP_H

#include "model/model.h"

#include <stdio.h>

void model_dump(FILE *out, const Model *m);

#endif
