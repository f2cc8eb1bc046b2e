/* PMI latency samples per core and their report (min, median, max to the
 * log and as figures latency_us_{min,median,max} per core, which
 * `make report` plots): shared by the routing tests of every uncore that
 * dates its PMIs (nhm.route.*, client.route.*). */
#ifndef TESTS_PMI_LATENCY_H
#define TESTS_PMI_LATENCY_H

#include "harness/test.h"

#define LAT_CORES   8  /* core indexes of one package (N: 4, L-43: 5) */
#define LAT_SAMPLES 16 /* per core; further samples are dropped */

struct pmi_lat {
	int64_t us[LAT_CORES][LAT_SAMPLES];
	unsigned n[LAT_CORES];
};

/* Microseconds from due to at (TSC values), negative if at came first. */
int64_t pmi_lat_us(uint64_t at, uint64_t due);
/* One sample for core k (ignored beyond LAT_CORES or LAT_SAMPLES). */
void pmi_lat_add(struct pmi_lat *l, unsigned k, int64_t us);
/* Each core's min, median and max: a log line and three figures (sorts
 * the samples in place). */
void pmi_lat_report(struct tctx *t, struct pmi_lat *l);

#endif
