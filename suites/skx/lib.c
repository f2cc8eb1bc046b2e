/* What the Xeon Scalable tests share (suites/skx/skx.h): the CHA count
 * from CAPID6 (and CAPID7 on ICX, K-64), the boxes a test drives, the
 * package at rest, a freeze-bounded window of one box and the wait for a
 * preset counter's wrap. */
#include "suites/skx/skx.h"

unsigned skx_ncha(char *why, size_t len)
{
	unsigned bus, n = 0;
	uint32_t id, cap, cap7 = 0;
	uint64_t all;
	int rc;

	for (bus = 0; bus < 256; bus++) {
		struct pci_fn f = { .bus = (uint8_t)bus, .dev = SKX_PCU_DEV, .fn = SKX_PCU_FN };

		rc = pci_cfg_read(f, 0, 4, &id);
		if (rc == PLAT_EUNSUPPORTED || rc == PLAT_EINVAL) {
			snprintf(why, len, "PCI configuration space not reachable: %s (pci: %s)",
				 space_rc_text(rc), plat_pci_mechanism());
			return 0;
		}
		if (rc || id != SKX_PCU_ID || pci_cfg_read(f, SKX_CAPID6, 4, &cap) ||
		    (skx_map()->capid7 && pci_cfg_read(f, skx_map()->capid7, 4, &cap7)))
			continue;
		/* K-14; K-64: CAPID7 the high dword */
		all = (uint64_t)(cap7 & skx_map()->capid7_chas) << 32 |
		      (cap & skx_map()->capid6_chas);
		for (; all; all &= all - 1)
			n++;
		if (!n)
			snprintf(why, len, "CAPID6/7 of the PCU function on bus 0x%x name no CHA "
				 "(K-14, K-64)", bus);
		return n;
	}
	snprintf(why, len, "no PCU function 8086:%04x at device 30 function 3 of any bus of "
		 "segment 0 (K-14, K-64; pci: %s)", SKX_PCU_ID >> 16, plat_pci_mechanism());
	return 0;
}

/* Box 0: CHA 0; box 1: the last CHA; box 2: the PCU; 3: IIO 0; 4: IRP 0;
 * 5: M2PCIe 0 (ICX, K-66). */
static bool is_pcu(unsigned box)
{
	return box == SKX_PCU_BOX;
}

static bool is_cha(unsigned box)
{
	return box < SKX_PCU_BOX;
}

unsigned skx_box_nctr(unsigned box)
{
	return box == SKX_IIO_BOX + 1 ? 2 : SKX_NCTR;
}

uint64_t skx_box_clk(unsigned box)
{
	return (box > SKX_PCU_BOX ? SKX_IO_CLK : SKX_CLK) | SKX_EN;
}

static unsigned cha_of(unsigned ncha, unsigned box)
{
	return box ? ncha - 1 : 0;
}

uint32_t skx_box_ctl(unsigned ncha, unsigned box)
{
	return is_cha(box) ? SKX_C_BOX_CTL(cha_of(ncha, box)) : is_pcu(box) ? SKX_P_BOX_CTL
	       : box == SKX_IIO_BOX ? SKX_I_BOX_CTL(0) : box == SKX_M2P_BOX ? SKX_M_BOX_CTL(0)
	       : SKX_R_BOX_CTL(0);
}

uint32_t skx_box_ctlk(unsigned ncha, unsigned box, unsigned k)
{
	return is_cha(box) ? SKX_C_CTL(cha_of(ncha, box), k) : is_pcu(box) ? SKX_P_CTL(k)
	       : box == SKX_IIO_BOX ? SKX_I_CTL(0, k) : box == SKX_M2P_BOX ? SKX_M_CTL(0, k)
	       : SKX_R_CTL(0, k);
}

uint32_t skx_box_ctr(unsigned ncha, unsigned box, unsigned k)
{
	return is_cha(box) ? SKX_C_CTR(cha_of(ncha, box), k) : is_pcu(box) ? SKX_P_CTR(k)
	       : box == SKX_IIO_BOX ? SKX_I_CTR(0, k) : box == SKX_M2P_BOX ? SKX_M_CTR(0, k)
	       : SKX_R_CTR(0, k);
}

const char *skx_box_name(unsigned box)
{
	static const char *const names[] = { "CHA 0", "the last CHA", "PCU", "IIO 0", "IRP 0",
					     "M2PCIe 0" };

	return names[box];
}

/* Status registers cleared by writing back what they read (W1C, K-08). */
static enum verdict clear(struct tctx *t, uint32_t msr)
{
	uint64_t v;

	RD(t, msr, &v);
	if (v)
		WR(t, msr, v);
	return V_PASS;
}

enum verdict skx_quiet(struct tctx *t, unsigned ncha)
{
	unsigned b, k;

	WR(t, SKX_G_CTL, SKX_UNFRZ_ALL);
	for (b = 0; b < SKX_NBOX; b++) {
		WR(t, skx_box_ctl(ncha, b), SKX_FROZEN);
		WR(t, skx_box_ctl(ncha, b), SKX_FROZEN | SKX_RST_CTRL | SKX_RST_CTRS);
		if (is_cha(b)) {
			WR(t, SKX_C_F0(cha_of(ncha, b)), 0);
			if (skx_map()->cha_f1)
				WR(t, SKX_C_F1(cha_of(ncha, b)), 0);
			TRY(clear(t, SKX_C_STATUS(cha_of(ncha, b))));
		}
	}
	TRY(clear(t, SKX_I_STATUS(0)));
	TRY(clear(t, SKX_R_STATUS(0)));
	if (skx_map()->m2p)
		TRY(clear(t, SKX_M_STATUS(0)));
	if (skx_map()->g_status2)
		TRY(clear(t, skx_map()->g_status2));
	WR(t, SKX_U_FIXED_CTL, 0);
	WR(t, SKX_U_FIXED_CTR, 0);
	for (k = 0; k < 2; k++) {
		WR(t, SKX_U_CTL(k), 0);
		WR(t, SKX_U_CTR(k), 0);
	}
	return clear(t, SKX_G_STATUS);
}

enum verdict skx_window(struct tctx *t, unsigned ncha, unsigned box,
			const uint64_t ctl[SKX_NCTR], uint64_t us, uint64_t d[SKX_NCTR])
{
	unsigned k;
	uint64_t v;

	WR(t, skx_box_ctl(ncha, box), SKX_FROZEN);
	for (k = 0; k < skx_box_nctr(box); k++) {
		WR(t, skx_box_ctlk(ncha, box, k), ctl[k]);
		RD(t, skx_box_ctlk(ncha, box, k), &v);
		CHECK(t, v == ctl[k], "%s CTL%u reads 0x%lx after writing 0x%lx (K-07)",
		      skx_box_name(box), k, (unsigned long)v, (unsigned long)ctl[k]);
	}
	WR(t, skx_box_ctl(ncha, box), SKX_FROZEN | SKX_RST_CTRS);
	WR(t, skx_box_ctl(ncha, box), SKX_RUN);
	plat_stall_us(us);
	WR(t, skx_box_ctl(ncha, box), SKX_FROZEN);
	for (k = 0; k < skx_box_nctr(box); k++)
		RD(t, skx_box_ctr(ncha, box, k), &d[k]);
	return V_PASS;
}

enum verdict skx_await_wrap(struct tctx *t, uint32_t ctr, uint64_t *v)
{
	uint64_t end = plat_tsc() + plat_tsc_hz() / 1000000 * SKX_WRAP_US;

	do
		RD(t, ctr, v);
	while (*v > SKX_W48 / 2 && plat_tsc() < end);
	return V_PASS;
}
