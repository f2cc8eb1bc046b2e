/* PMI latency per core (suites/common/pmi_latency.h). */
#include "suites/common/pmi_latency.h"
#include "lib/platform.h"

int64_t pmi_lat_us(uint64_t at, uint64_t due)
{
	return (int64_t)(at - due) * 1000000 / (int64_t)plat_tsc_hz();
}

void pmi_lat_add(struct pmi_lat *l, unsigned k, int64_t us)
{
	if (k < LAT_CORES && l->n[k] < LAT_SAMPLES)
		l->us[k][l->n[k]++] = us;
}

void pmi_lat_report(struct tctx *t, struct pmi_lat *l)
{
	static const char *const what[3] = { "min", "median", "max" };
	unsigned k, i, j;
	char name[32];

	for (k = 0; k < LAT_CORES; k++) {
		int64_t *v = l->us[k];
		unsigned n = l->n[k], at[3] = { 0, n / 2, n - 1 };

		if (!n)
			continue;
		for (i = 1; i < n; i++) /* insertion sort */
			for (j = i; j && v[j - 1] > v[j]; j--) {
				int64_t x = v[j];

				v[j] = v[j - 1];
				v[j - 1] = x;
			}
		plat_log(1, "  %s: core %u PMI latency min/median/max %ld/%ld/%ld us (%u PMIs)",
			 t->res->test->id, k, (long)v[at[0]], (long)v[at[1]], (long)v[at[2]], n);
		for (i = 0; i < 3; i++) {
			snprintf(name, sizeof(name), "latency_us_%s", what[i]);
			t_figure_at(t, name, FIG_CORE, k, v[at[i]], "us");
		}
	}
}
