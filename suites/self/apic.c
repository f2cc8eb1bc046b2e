/* Local APIC on every CPU: the mode (IA32_APIC_BASE bits 10-11, C-34) is what
 * apic= asked for and the same everywhere, the id read from the APIC (xAPIC
 * 0x20 / x2APIC MSR 0x802, C-33) is the one the firmware reports, and the LVT
 * performance-counter entry (C-25) keeps what is written (vector, NMI mode,
 * mask) and is put back. */
#include "suites/self/self.h"
#include "arch/cpuid.h"

#define LVT_KEEP 0x107FF /* mask, delivery mode, vector: the RW fields */

struct apic_seen {
	enum plat_apic_mode mode;
	uint32_t id, lvt_before, lvt_fixed, lvt_nmi, lvt_after;
	bool ran;
};
static struct apic_seen seen[PLAT_MAX_CPUS];

static void look(void *arg)
{
	struct apic_seen *s = &seen[plat_this_cpu()];

	(void)arg;
	s->mode = plat_apic_mode();
	s->id = plat_apic_id();
	s->lvt_before = plat_apic_read_lvtpc();
	plat_apic_write_lvtpc(0x10000 | 0xF2);     /* masked, fixed, vector 0xF2 */
	s->lvt_fixed = plat_apic_read_lvtpc();
	plat_apic_write_lvtpc(0x10000 | 0x400);    /* masked, NMI */
	s->lvt_nmi = plat_apic_read_lvtpc();
	plat_apic_write_lvtpc(s->lvt_before);
	s->lvt_after = plat_apic_read_lvtpc();
	s->ran = true;
}

static const char *mode_name(enum plat_apic_mode m)
{
	return m == APIC_X2APIC ? "x2APIC" : m == APIC_XAPIC ? "xAPIC" : "disabled";
}

enum verdict self_apic_each_cpu(struct tctx *t)
{
	const struct cfg *c = plat_config();
	unsigned i, n = plat_cpu_count();
	/* apic=x2apic on a CPU without it stays in xAPIC (efi/platform/apicmode.c says so
	 * in the log); that is a configuration the CPU cannot honour, not a fault. */
	bool x2 = c->apic == CFG_APIC_X2APIC && ((cpuid(1, 0).c >> 21) & 1);
	enum plat_apic_mode want = x2 ? APIC_X2APIC : APIC_XAPIC;
	int rc;

	memset(seen, 0, sizeof(seen));
	rc = plat_run_all(look, look, NULL, 5000000);
	if (rc)
		return t_error(t, "running on every CPU failed (error %d)", rc);
	t_figure(t, "x2apic_bool", seen[0].mode == APIC_X2APIC, "bool");
	for (i = 0; i < n; i++) {
		struct apic_seen *s = &seen[i];

		CHECK(t, s->ran, "CPU %u did not run", i);
		CHECK(t, s->mode == seen[0].mode, "CPU %u is in %s, the BSP in %s", i,
		      mode_name(s->mode), mode_name(seen[0].mode));
		CHECK(t, c->apic == CFG_APIC_KEEP || s->mode == want,
		      "CPU %u is in %s, want %s (apic=%s)", i, mode_name(s->mode),
		      mode_name(want), cfg_apic_name(c->apic));
		CHECK(t, s->id == plat_cpu(i)->apic_id, "CPU %u: APIC id register %u, firmware "
		      "says %u", i, s->id, plat_cpu(i)->apic_id);
		CHECK(t, (s->lvt_fixed & LVT_KEEP) == 0x100F2, "CPU %u: LVTPC wrote 0x100f2, "
		      "read 0x%x", i, s->lvt_fixed);
		CHECK(t, (s->lvt_nmi & LVT_KEEP) == 0x10400, "CPU %u: LVTPC wrote 0x10400, read "
		      "0x%x", i, s->lvt_nmi);
		CHECK(t, (s->lvt_after & LVT_KEEP) == (s->lvt_before & LVT_KEEP), "CPU %u: LVTPC "
		      "not restored (0x%x, was 0x%x)", i, s->lvt_after, s->lvt_before);
	}
	return V_PASS;
}
