/* Memory traffic for real hardware's memory-side and stall events. */
#ifndef TESTS_TRAFFIC_H
#define TESTS_TRAFFIC_H

#include "lib/rt.h"

/* Cache-missing reads from the calling CPU until *stop (if non-NULL) is set
 * or the TSC reaches end_tsc (suites/common/traffic.c). */
void traffic_until(volatile bool *stop, uint64_t end_tsc);

#endif
