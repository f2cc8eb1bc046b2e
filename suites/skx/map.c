/* Which Xeon Scalable the suite runs on, by CPUID's display model (K-01,
 * K-60), and what moves between them as the suite's own constants: SKX's
 * from suites/skx/skx.h, ICX's from suites/skx/icx.h. */
#include "suites/skx/icx.h"
#include "pmu/backend/backend.h"

static const uint16_t icx_cha_offs[ICX_MAX_CHA] = ICX_CHA_OFFS;
static const uint16_t icx_io_offs[] = ICX_IO_OFFS;

/* OQ-K1: one bit for every CHA; K-62: CHA n's own. */
static uint64_t skx_gs(unsigned n)
{
	(void)n;
	return SKX_GS_CHAS;
}

static uint64_t icx_gs(unsigned n)
{
	return 1ull << n;
}

static const struct skx_map skx = {
	.icx = false, .max_cha = SKX_CHAS, .cha_base = SKX_CHA0, .cha_offs = NULL, .cha_f1 = true,
	.f0_defined = SKX_F0_BITS, .f1_defined = SKX_F1_BITS,
	.iio = SKX_IIO0, .irp = SKX_IRP0, .m2p = 0, .io_offs = NULL,
	.irp_status = SKX_IRP_STATUS, .irp_ctl = SKX_IRP_CTL, .m2p_status = 0, .m2p_ctl = 0,
	.iio_thresh_top = SKX_IIO_THRESH_TOP, .g_status = SKX_OV_STATUS, .g_status2 = 0,
	.gs_cha = skx_gs, .pcu_id = SKX_PCU_DID, .capid7 = 0, .capid6_chas = SKX_CAPID6_CHAS,
	.capid7_chas = 0, .nbox = 5,
};

static const struct skx_map icx = {
	.icx = true, .max_cha = ICX_MAX_CHA, .cha_base = ICX_CHA_BASE, .cha_offs = icx_cha_offs,
	.cha_f1 = false, .f0_defined = ICX_F0_DEFINED, .f1_defined = 0,
	.iio = ICX_IIO0, .irp = ICX_IRP0, .m2p = ICX_M2P0, .io_offs = icx_io_offs,
	.irp_status = ICX_IRP_STATUS, .irp_ctl = ICX_IRP_CTL, .m2p_status = ICX_M2P_STATUS,
	.m2p_ctl = ICX_M2P_CTL, .iio_thresh_top = ICX_IIO_THRESH_TOP, .g_status = ICX_G_STATUS1,
	.g_status2 = ICX_G_STATUS2, .gs_cha = icx_gs, .pcu_id = ICX_PCU_ID, .capid7 = ICX_CAPID7,
	.capid6_chas = ICX_CAPID6_CHAS, .capid7_chas = ICX_CAPID7_CHAS, .nbox = 6,
};

/* Looked up once: every register access of the suite goes through it, and
 * CPUID serialises. */
const struct skx_map *skx_map(void)
{
	static const struct skx_map *map;
	uint32_t r[4], model;

	if (map)
		return map;
	pmu_cpuid(1, 0, r);
	model = ((r[0] >> 4) & 0xF) | ((r[0] >> 16) & 0xF) << 4;
	map = model == ICX_MODEL_SP || model == ICX_MODEL_D ? &icx : &skx;
	return map;
}

uint32_t skx_cha_at(unsigned n)
{
	const struct skx_map *m = skx_map();

	return m->cha_offs ? m->cha_base + m->cha_offs[n] : m->cha_base + 0x10u * n;
}

uint32_t skx_io(uint32_t base, unsigned n)
{
	const struct skx_map *m = skx_map();

	return m->io_offs ? base + m->io_offs[n] : base + 0x20u * n;
}
