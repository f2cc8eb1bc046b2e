/* CPU detection self-tests: the banner's identity must be right, because the
 * uncore generation is chosen from it. */
#include "suites/self/self.h"
#include "arch/cpuid.h"

static bool printable(const char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return false;
	return true;
}

/* Family/model/stepping recomputed from the raw signature by the SDM rule
 * (Vol. 2A, CPUID.1:EAX): extended model for families 6 and 15, extended
 * family for 15 only. Independent of arch/cpuid.c's code on purpose. */
enum verdict self_cpu_detect(struct tctx *t)
{
	const struct cfg *c = plat_config();
	struct cpu_ident id;
	uint32_t sig, fam, mod;

	cpuid_identify(&id);
	sig = id.signature;
	fam = (sig >> 8) & 0xf;
	mod = (sig >> 4) & 0xf;
	if (fam == 6 || fam == 15)
		mod += ((sig >> 16) & 0xf) << 4;
	if (fam == 15)
		fam += (sig >> 20) & 0xff;
	t_figure(t, "signature_id", sig, "id");
	t_figure(t, "family_id", id.family, "id");
	t_figure(t, "model_id", id.model, "id");
	CHECK(t, strlen(id.vendor) == 12 && printable(id.vendor), "vendor string '%s' is not 12 "
	      "printable characters", id.vendor);
	CHECK(t, id.family == fam && id.model == mod && id.stepping == (sig & 0xf),
	      "decoded family 0x%x model 0x%x stepping 0x%x, signature 0x%08x says 0x%x 0x%x 0x%x",
	      id.family, id.model, id.stepping, sig, fam, mod, sig & 0xf);
	CHECK(t, printable(id.brand), "brand string has non-printable bytes");
	CHECK(t, id.max_leaf >= 1, "CPUID max leaf %u", id.max_leaf);
	if (c->expect_family || c->expect_model) {
		CHECK(t, id.family == c->expect_family && id.model == c->expect_model,
		      "CPU is family 0x%x model 0x%x, expect_cpu= says family 0x%x model 0x%x",
		      id.family, id.model, c->expect_family, c->expect_model);
		plat_log(1, "  self.cpu.detect: family 0x%x model 0x%x as expect_cpu= says",
			 id.family, id.model);
	}
	return V_PASS;
}

struct cpu_seen {
	uint32_t sig[PLAT_MAX_CPUS];
	uint32_t initial_id[PLAT_MAX_CPUS]; /* CPUID.1:EBX[31:24] or 0BH:EDX */
	bool ran[PLAT_MAX_CPUS];
};

static void record(void *arg)
{
	struct cpu_seen *s = arg;
	unsigned me = plat_this_cpu();
	struct cpu_ident id;

	cpuid_identify(&id);
	s->sig[me] = id.signature;
	s->initial_id[me] = id.x2apic_id;
	s->ran[me] = true;
}

enum verdict self_cpu_same(struct tctx *t)
{
	static struct cpu_seen s;
	unsigned i, n = plat_cpu_count();
	int rc;

	memset(&s, 0, sizeof(s));
	rc = plat_run_all(record, record, &s, 5000000);
	if (rc)
		return t_error(t, "running on every CPU failed (error %d)", rc);
	t_figure(t, "cpus_count", n, "count");
	for (i = 0; i < n; i++) {
		uint32_t mp_id = plat_cpu(i)->apic_id;

		CHECK(t, s.ran[i], "CPU %u (APIC id %u) did not run", i, mp_id);
		CHECK(t, s.sig[i] == s.sig[0], "CPU %u signature 0x%08x, BSP 0x%08x", i, s.sig[i],
		      s.sig[0]);
		/* The 8-bit initial id is the x2APIC id's low byte (SDM 8.4.6.1). */
		CHECK(t, s.initial_id[i] == mp_id || s.initial_id[i] == (mp_id & 0xff),
		      "CPU %u: CPUID says APIC id %u, the firmware says %u", i, s.initial_id[i], mp_id);
	}
	return V_PASS;
}
