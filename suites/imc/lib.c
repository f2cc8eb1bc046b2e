/* The iMC tests' access and bracket (suites/imc/imc.h): MCHBAR from the
 * host bridge (L-110, OQ-L43), 32-bit controls and 64-bit counters
 * (L-116), and every register the tests write saved first and put back,
 * verified, at the end (L-130). */
#include "suites/imc/imc.h"

static const struct pci_fn host_bridge = { 0 };

uint64_t imc_addr(const struct imc_ctx *im, unsigned m, uint32_t off)
{
	return im->base + (uint64_t)IM_STRIDE * m + off;
}

int imc_wr(const struct imc_ctx *im, unsigned m, uint32_t off, uint32_t val)
{
	return mmio_write(imc_addr(im, m, off), 4, val);
}

int imc_rd32(const struct imc_ctx *im, unsigned m, uint32_t off, uint32_t *val)
{
	uint64_t v = 0;
	int rc = mmio_read(imc_addr(im, m, off), 4, &v);

	*val = (uint32_t)v;
	return rc;
}

int imc_rd64(const struct imc_ctx *im, unsigned m, uint32_t off, uint64_t *val)
{
	return mmio_read(imc_addr(im, m, off), 8, val);
}

/* The saved registers in restore order: counters (8 bytes) while the
 * boxes are frozen, controls, then the box controls and the global
 * controls (4 bytes). */
struct saved_reg {
	uint32_t off;
	unsigned bytes;
};
static unsigned saved_regs(struct saved_reg *r)
{
	unsigned n = 0, k;

	for (k = 0; k < IM_NCTR; k++)
		r[n++] = (struct saved_reg){ .off = IM_CTR(k), .bytes = 8 };
	for (k = 0; k < IM_NCTR; k++)
		r[n++] = (struct saved_reg){ .off = IM_CTL(k), .bytes = 4 };
	r[n++] = (struct saved_reg){ .off = IM_BOX, .bytes = 4 };
	r[n++] = (struct saved_reg){ .off = IM_GCTL, .bytes = 4 };
	return n;
}

enum verdict imc_bar(struct tctx *t, struct imc_ctx *im)
{
	uint64_t bar;
	int rc;

	memset(im, 0, sizeof(*im));
	if ((rc = pci_cfg_read64(host_bridge, IM_MCHBAR_CFG, &bar)))
		return t_error(t, "reading MCHBAR (0:0.0 + 0x48): %s", space_rc_text(rc));
	if (!(bar & IM_MCHBAR_EN) || bar == ~0ull)
		return t_na(t, "MCHBAR (0:0.0 + 0x48) = 0x%llx: not enabled, no memory-controller "
			    "counters to reach (L-110, OQ-L43)", (unsigned long long)bar);
	im->base = bar & IM_MCHBAR_MASK;
	t_figure(t, "mchbar_reg", (int64_t)im->base, "reg");
	return V_PASS;
}

/* The CPU model from CPUID.1 (display model, extended bits folded in). */
static uint32_t cpu_model(void)
{
	uint32_t r[4];

	pmu_cpuid(1, 0, r);
	return (r[0] >> 4 & 0xF) | (r[0] >> 16 & 0xF) << 4;
}

enum verdict imc_begin(struct tctx *t, struct imc_ctx *im)
{
	struct saved_reg r[IM_SAVED / 2];
	unsigned n = saved_regs(r), m, i, k;
	int rc;

	if (cpu_model() == IM_MODEL_FR_ONLY)
		return t_na(t, "model 0x%x: MCHBAR holds the free-running counters alone, the "
			    "memory controllers' PMON blocks are its discovery table's units "
			    "(L-134, L-138, OQ-L63)", IM_MODEL_FR_ONLY);
	TRY(imc_bar(t, im));
	for (m = 0; m < 2; m++)
		for (i = 0; i < n; i++) {
			uint64_t *v = &im->val[m * n + i];

			if ((rc = mmio_read(imc_addr(im, m, r[i].off), r[i].bytes, v)))
				return t_error(t, "saving controller %u's 0x%x: %s (L-130)", m,
					       r[i].off, space_rc_text(rc));
		}
	im->saved = true;
	for (m = 0; m < 2; m++) {
		if ((rc = imc_wr(im, m, IM_BOX, IM_FRZ)))
			return t_error(t, "freezing controller %u: %s", m, space_rc_text(rc));
		for (k = 0; k < IM_NCTR; k++)
			if ((rc = imc_wr(im, m, IM_CTL(k), 0)))
				return t_error(t, "clearing controller %u's control %u: %s", m, k,
					       space_rc_text(rc));
	}
	return V_PASS;
}

enum verdict imc_end(struct tctx *t, struct imc_ctx *im, enum verdict v)
{
	struct saved_reg r[IM_SAVED / 2];
	unsigned n = saved_regs(r), m, i, bad = 0;
	char first[96] = "";
	uint64_t now;
	int rc;

	if (!im->saved)
		return v;
	for (m = 0; m < 2; m++) /* frozen while the counters go back */
		(void)imc_wr(im, m, IM_BOX, IM_FRZ);
	for (i = 0; i < n; i++)
		for (m = 0; m < 2; m++) {
			uint64_t want = im->val[m * n + i], addr = imc_addr(im, m, r[i].off);

			rc = mmio_write(addr, r[i].bytes, want);
			if (!rc)
				rc = mmio_read(addr, r[i].bytes, &now);
			if (!rc && now == want) /* counters too: both boxes frozen until theirs */
				continue;
			if (!bad++)
				snprintf(first, sizeof(first), "controller %u's 0x%x reads 0x%llx, "
					 "saved 0x%llx (%s)", m, r[i].off, (unsigned long long)now,
					 (unsigned long long)want, rc ? space_rc_text(rc) : "differs");
		}
	im->saved = false;
	if (bad && v == V_PASS)
		return t_error(t, "%u memory-controller register(s) not restored; first: %s (L-130)",
			       bad, first);
	return v;
}
