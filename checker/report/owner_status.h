/* owner_status.h - a header analysed through its owner (a fragment: the
 * translation unit that includes it, FileResult.through) is only as
 * analysed as its owner.  Its result waits until the owner's has been
 * reported; when the owner failed, the header failed too, with the owner's
 * reason, instead of being reported ok, unless another translation unit
 * that reaches it is tried (owner_status_hold_for_retry: the run analyses
 * the held headers again with the failed owners left out). */
#ifndef GPULINT_OWNER_STATUS_H
#define GPULINT_OWNER_STATUS_H

#include "finding/file_result.h"

typedef void (*OwnerStatusEmit)(void *ctx, FileResult *r);

typedef struct OwnerStatus OwnerStatus;
OwnerStatus *owner_status_new(OwnerStatusEmit emit, void *ctx);
/* Takes r (results in the run's order): emits it now, or once its owner's
 * result has been emitted; and every held result whose owner r is. */
void owner_status_add(OwnerStatus *s, FileResult *r);
/* From now on a result whose owner failed and that has not been retried is
 * held for a retry instead of failing with its owner. */
void owner_status_hold_for_retry(OwnerStatus *s);
/* The results held for a retry (their paths, malloc'd, into *paths) and
 * the real paths of the owners that failed (into *failed); the counts into
 * *nfailed and the return value.  Results that come back analysed through
 * a failed owner again (no other translation unit reaches them) then fail
 * with it; those analysed through another owner carry a note that says why. */
int owner_status_retries(OwnerStatus *s, char ***paths, char ***failed, int *nfailed);
/* Emits what still waits (an owner that never came: as it is), and frees. */
void owner_status_finish(OwnerStatus *s);

#endif
