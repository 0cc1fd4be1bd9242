/* cache_prune.h - keeps a cache directory of large build products (the
 * precompiled toolkit preludes: 6-54 MB each, one set per libclang, toolkit,
 * gpulint version and flag set) under a size bound, least recently used
 * first, so that upgrades and changing flags do not fill the disk. */
#ifndef GPULINT_CACHE_PRUNE_H
#define GPULINT_CACHE_PRUNE_H

#include <stdint.h>

/* Records that the cached file was used now (its access time, set
 * explicitly: mounts with noatime or relatime do not). */
void cache_mark_used(const char *path);

/* In `dir`, the files named `prefix`...`suffix` are kept, most recently used
 * first, while their sizes add up to at most `max_bytes`; the others are
 * removed, each with its `.lock` (only when no process holds that lock: a
 * build under way is never disturbed) and `.failed` companions.  `keep` (a
 * file name in dir, or NULL) is never removed.  Builders' temporary files
 * (`prefix`...`.tmp.`..., as toolkit_pch.c names them) older than a day are
 * removed too (a build that was killed).  Returns the number of files
 * removed. */
int cache_prune(const char *dir, const char *prefix, const char *suffix, uint64_t max_bytes, const char *keep);

#endif
