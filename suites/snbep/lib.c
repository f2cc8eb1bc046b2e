/* What the SNB-EP tests share: the package's cores from the APIC ids, the
 * boxes with a BOX_CTL as one list, the package at rest, a freeze-bounded
 * window of one box (S-41, S-42) and TSC-dated reads. */
#include "suites/snbep/snbep.h"

static struct cpu_topo topo(void)
{
	struct cpu_topo t;

	cpu_topo_read(&t);
	return t;
}

unsigned snb_ncbox(void)
{
	struct cpu_topo t = topo();

	return cpu_topo_cores(&t, plat_this_cpu());
}

unsigned snb_core(unsigned cpu)
{
	struct cpu_topo t = topo();

	return cpu_topo_core(&t, cpu);
}

bool snb_bsp_package(unsigned cpu)
{
	struct cpu_topo t = topo();

	return cpu_topo_same_package(&t, cpu, 0);
}

unsigned snb_nboxes(void)
{
	return snb_ncbox() + 1;
}

bool snb_is_pcu(unsigned box)
{
	return box == snb_ncbox();
}

uint32_t snb_box_ctl(unsigned box)
{
	return snb_is_pcu(box) ? SNB_P_BOX_CTL : SNB_C_BOX_CTL(box);
}

uint32_t snb_box_ctlk(unsigned box, unsigned k)
{
	return snb_is_pcu(box) ? SNB_P_CTL(k) : SNB_C_CTL(box, k);
}

uint32_t snb_box_ctr(unsigned box, unsigned k)
{
	return snb_is_pcu(box) ? SNB_P_CTR(k) : SNB_C_CTR(box, k);
}

uint64_t snb_box_clk(unsigned box)
{
	return (snb_is_pcu(box) ? SNB_PCLK : SNB_C_CLK) | SNB_EN;
}

const char *snb_box_name(unsigned box)
{
	static char buf[4][12];
	static unsigned next;
	char *b = buf[next++ % 4];

	if (snb_is_pcu(box))
		return "PCU";
	snprintf(b, sizeof(buf[0]), "C-box %u", box);
	return b;
}

enum verdict snb_box_all(struct tctx *t, uint64_t v, int except)
{
	unsigned b;

	for (b = 0; b < snb_nboxes(); b++)
		if ((int)b != except)
			WR(t, snb_box_ctl(b), v);
	return V_PASS;
}

enum verdict snb_read_box(struct tctx *t, unsigned box, uint64_t v[SNB_NCTR])
{
	unsigned k;

	for (k = 0; k < SNB_NCTR; k++)
		RD(t, snb_box_ctr(box, k), &v[k]);
	return V_PASS;
}

/* S-41 a, b, then 0x10103: controls and counters zeroed, frozen (S-10);
 * the filters written 0 (OQ-S17: rst_ctrl may leave them). The U-box has
 * no BOX_CTL: its controls go to 0 and its counters are written 0 (S-05). */
enum verdict snb_quiet(struct tctx *t)
{
	unsigned b, k;
	enum verdict v = snb_box_all(t, SNB_FROZEN, -1);

	if (v != V_PASS)
		return v;
	v = snb_box_all(t, SNB_FROZEN | SNB_RST_CTRL | SNB_RST_CTRS, -1);
	if (v != V_PASS)
		return v;
	for (b = 0; b < snb_ncbox(); b++)
		WR(t, SNB_C_FILTER(b), 0);
	WR(t, SNB_P_FILTER, 0);
	WR(t, SNB_U_FIXED_CTL, 0);
	WR(t, SNB_U_FIXED_CTR, 0);
	for (k = 0; k < 2; k++) {
		WR(t, SNB_U_CTL(k), 0);
		WR(t, SNB_U_CTR(k), 0);
	}
	return V_PASS;
}

enum verdict snb_all_clk(struct tctx *t)
{
	unsigned b, k;
	enum verdict v = snb_quiet(t);

	for (b = 0; b < snb_nboxes() && v == V_PASS; b++)
		for (k = 0; k < SNB_NCTR; k++)
			WR(t, snb_box_ctlk(b, k), snb_box_clk(b));
	return v;
}

enum verdict snb_box_window(struct tctx *t, unsigned box, const uint64_t ctl[SNB_NCTR],
			    uint64_t us, uint64_t d[SNB_NCTR])
{
	unsigned k;
	uint64_t v;

	WR(t, snb_box_ctl(box), SNB_FROZEN);
	for (k = 0; k < SNB_NCTR; k++) {
		WR(t, snb_box_ctlk(box, k), ctl[k]);
		RD(t, snb_box_ctlk(box, k), &v);
		CHECK(t, v == ctl[k], "%s CTL%u reads 0x%lx after writing 0x%lx (S-04)",
		      snb_box_name(box), k, (unsigned long)v, (unsigned long)ctl[k]);
	}
	WR(t, snb_box_ctl(box), SNB_FROZEN | SNB_RST_CTRS); /* S-41 e */
	WR(t, snb_box_ctl(box), SNB_RUN);                    /* S-41 f */
	plat_stall_us(us);
	WR(t, snb_box_ctl(box), SNB_FROZEN);                 /* S-42 */
	for (k = 0; k < SNB_NCTR; k++)
		RD(t, snb_box_ctr(box, k), &d[k]);
	return V_PASS;
}

enum verdict snb_pcu_window(struct tctx *t, const uint64_t ctl[SNB_NCTR], uint64_t us,
			    uint64_t d[SNB_NCTR])
{
	return snb_box_window(t, snb_ncbox(), ctl, us, d);
}

int snb_stamp(uint32_t msr, uint64_t *val, uint64_t tsc[2])
{
	uint64_t wide = snb_tsc_us(SNB_BRACKET_US);
	unsigned i;
	int e;

	for (i = 0; i < SNB_STAMP_TRIES; i++) {
		tsc[0] = plat_tsc();
		e = msr_read(plat_this_cpu(), msr, val);
		tsc[1] = plat_tsc();
		if (e || tsc[1] - tsc[0] <= wide)
			return e;
	}
	return PLAT_ETIMEDOUT;
}
