/* Helpers shared by the host tests of the emulated memory controllers
 * behind MCHBAR (tests/pmu/emu/imc/test_emu_imc*.c, and layout F's in
 * tests/pmu/emu/mtl/): the digest's offsets and bits as this file's own
 * constants (client-uncore.md §4.16) and checked accessors. */
#ifndef TESTS_HOST_TEST_EMU_IMC_H
#define TESTS_HOST_TEST_EMU_IMC_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "pmu/emu/imc/model.h"

/* §4.16: offsets from MCHBAR (L-110, L-111, L-115), controller m at
 * + 0x10000m; the box control's and a control's bits (L-112, L-113). */
#define IMC(m, off) (0x10000u * (m) + (off))
#define IMC_GCTL 0xD9C0u
#define IMC_BOX 0xD9C4u
#define IMC_CTL(k) (0xD9D0u + 4u * (k))
#define IMC_CTR(k) (0xD9E8u + 8u * (k))
#define IMC_FR_TOTAL 0xD840u
#define IMC_FR_RD 0xD858u
#define IMC_FR_WR 0xD8A0u
#define IMC_FRZ 1u
#define IMC_RST_CTRL 2u
#define IMC_RST_CTRS 4u
#define IMC_RST (1u << 17)
#define IMC_EDGE (1u << 18)
#define IMC_FRZ_OV (1u << 20)
#define IMC_INV (1u << 23)
#define IMC_TH(c) ((uint32_t)(c) << 24)

/* The iMC model's own access (struct emu_mmio_model), any answer but 0
 * failing the test: a control or box/global control 4 bytes, a counter 8. */
static inline unsigned imc_bytes(uint32_t off)
{
	uint32_t o = off % 0x10000u;

	return o >= IMC_CTR(0) || o < IMC_GCTL ? 8 : 4;
}
static inline uint64_t imc_rd(struct imc_emu *u, uint32_t off, uint64_t now)
{
	uint64_t v = 0xDEAD;

	assert_int_equal(imc_emu_model.read(u, 0, off, imc_bytes(off), now, &v), 0);
	return v;
}
static inline void imc_wr(struct imc_emu *u, uint32_t off, uint64_t val, uint64_t now)
{
	assert_int_equal(imc_emu_model.write(u, 0, off, imc_bytes(off), val, now), 0);
}

#endif
