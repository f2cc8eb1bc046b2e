/* The architectural core PMU as CPUID enumerates it through the current
 * backend (pmu_cpuid: the CPU's own on hardware, the model's view when the
 * core PMU is emulated), read by the banner, the result files and the
 * core suite (spec core-pmu-and-apic.md §3, CPUID leaf 0AH; C-11, C-18). */
#ifndef PMU_CORE_ENUM_H
#define PMU_CORE_ENUM_H

#include "lib/rt.h"

#define CORE_ENUM_EVENTS 7 /* C-24 rows 0-6, the events the harness uses (OQ-C10) */

struct core_enum {
	uint8_t version;     /* EAX[7:0]: 0 = no architectural PMU */
	uint8_t ngp;         /* EAX[15:8]: general counters per logical processor */
	uint8_t gp_width;    /* EAX[23:16] */
	uint8_t ebx_len;     /* EAX[31:24]: valid EBX bits */
	uint32_t ebx;        /* bit i = 1: event i NOT available (only ebx_len bits) */
	uint8_t nfixed;      /* EDX[4:0], version 2 on */
	uint8_t fixed_width; /* EDX[12:5], version 2 on */
	uint32_t fixed_bitmap; /* ECX, version 5 on: fixed counters supported (C-52) */
	bool any_deprecated; /* EDX[15], version 5 on: AnyThread deprecated (C-54) */
	bool hybrid;         /* CPUID.(07H,0):EDX[15] (C-55) */
	uint8_t core_type;   /* CPUID.1AH:EAX[31:24] where hybrid: 20H Atom, 40H Core (C-56) */
	bool pdcm;           /* CPUID.01H:ECX[15]: IA32_PERF_CAPABILITIES exists */
	bool caps_read;      /* it was read without a fault */
	uint64_t perf_caps;  /* its value (bit 13 FW_WRITE: IA32_A_PMCn, C-18) */
	uint32_t family, model; /* CPUID.01H, for C-12 and C-42 */
	/* CPUID leaf 23H where the highest basic leaf reaches it (C-64..C-66),
	 * else 0: sub-leaf 0 EAX (the valid sub-leaves) and EBX (UMASK2, EQ);
	 * sub-leaf 1 EAX and EBX (the counter bitmaps), read only where
	 * sub-leaf 0 EAX bit 1 says sub-leaf 1 is valid (C-64). */
	uint32_t leaf23, leaf23_ext, gp_bitmap, fixed_bitmap23;
};

#define CORE_LEAF23_SUB1 0x2u   /* CPUID.(23H,0):EAX: sub-leaf 1 valid (C-64) */
#define CORE_LEAF23_UMASK2 0x1u /* CPUID.(23H,0):EBX (C-65) */
#define CORE_LEAF23_EQ 0x2u

/* Read on the calling CPU. */
void core_enum_read(struct core_enum *e);
/* Whether the part is hybrid (CPUID.07H:EDX[15], C-55), and the calling
 * CPU's core type (CPUID.1AH:EAX[31:24], C-56; 0 where not hybrid). */
bool core_enum_core_type(uint8_t *type);
/* The fixed counters that exist, bit i for IA32_FIXED_CTRi: from version
 * 5 those with ECX[i] = 1 or EDX[4:0] > i (C-52), before it the first
 * EDX[4:0] (C-53). No core test enables a counter outside it (C-61). */
uint32_t core_enum_fixed_set(const struct core_enum *e);
/* The general counters that exist, bit n for IA32_PMCn: sub-leaf 1's
 * bitmap where leaf 23H enumerates it (C-66, holes and all), else the
 * first CPUID.0AH:EAX[15:8] (C-11, C-64). No test programs another (C-73). */
uint32_t core_enum_gp_set(const struct core_enum *e);
/* Leaf 23H's sub-leaf 1 is enumerated: sub-leaf 0 EAX bit 1 (C-64; not bit
 * 0, the slip Linux fixed). */
bool core_enum_has_sub1(const struct core_enum *e);
/* "P-core (40H)", "E-core (20H)", "core type 0xNN" or "" (not hybrid). */
const char *core_type_name(uint8_t type);
/* C-11, C-24: event i is usable iff i < EAX[31:24] and its EBX bit is 0. */
bool core_enum_available(const struct core_enum *e, unsigned i);
/* IA32_A_PMCn exist (C-18). */
bool core_enum_full_width(const struct core_enum *e);
/* "version 3, 4 general x 48 bits, 3 fixed x 48 bits, EBX 0x0 of 7 bits
 * (a set bit: event NOT available), PERF_CAPABILITIES 0x0", or "no
 * architectural PMU (CPUID.0AH:EAX[7:0] = 0)". */
void core_enum_describe(const struct core_enum *e, char *buf, size_t len);
/* "<source>[, shape <shape>]: <description>", source being "hardware",
 * "emulated" or "none": the banner's and results.tap's core PMU line. */
void core_enum_summary(const char *source, const char *shape, const struct core_enum *e,
		       char *buf, size_t len);
/* C-24: the name of event i < CORE_ENUM_EVENTS. */
const char *core_event_name(unsigned i);

#endif
