/* clock.h - elapsed time for timings, timeouts and progress. */
#ifndef GPULINT_CLOCK_H
#define GPULINT_CLOCK_H

/* Seconds on the monotonic clock (only differences mean anything). */
double monotonic_seconds(void);

/* CPU seconds (user + system, all threads) this process has used so far. */
double process_cpu_seconds(void);

#endif
