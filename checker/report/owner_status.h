/* owner_status.h - a header analysed through its owner (a fragment: the
 * translation unit that includes it, FileResult.through) is only as
 * analysed as its owner.  Its result waits until the owner's has been
 * reported; when the owner failed, the header failed too, with the owner's
 * reason, instead of being reported ok. */
#ifndef GPULINT_OWNER_STATUS_H
#define GPULINT_OWNER_STATUS_H

#include "finding/file_result.h"

typedef void (*OwnerStatusEmit)(void *ctx, FileResult *r);

typedef struct OwnerStatus OwnerStatus;
OwnerStatus *owner_status_new(OwnerStatusEmit emit, void *ctx);
/* Takes r (results in the run's order): emits it now, or once its owner's
 * result has been emitted; and every held result whose owner r is. */
void owner_status_add(OwnerStatus *s, FileResult *r);
/* Emits what still waits (an owner that never came: as it is), and frees. */
void owner_status_finish(OwnerStatus *s);

#endif
