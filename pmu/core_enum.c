/* CPUID.0AH decoding through the backend (pmu/core_enum.h). */
#include "pmu/core_enum.h"
#include "arch/msr.h"
#include "pmu/backend/backend.h"
#include "lib/platform.h"

#define PDCM (1u << 15)               /* CPUID.01H:ECX */
#define HYBRID (1u << 15)             /* CPUID.(07H,0):EDX, C-55 */
#define ANY_DEPRECATED (1u << 15)     /* CPUID.0AH:EDX, C-54 */
#define LEAF_PERFMON_EXT 0x23u        /* C-64 */
#define PERFMON_EXT (1u << 8)         /* CPUID.(07H,1):EAX, leaf 23H supported (C-68) */

bool core_enum_core_type(uint8_t *type)
{
	uint32_t r[4], max;
	bool hybrid = false;

	*type = 0;
	pmu_cpuid(0, 0, r);
	max = r[0];
	if (max >= 7) {
		pmu_cpuid(7, 0, r);
		hybrid = (r[3] & HYBRID) != 0; /* C-55 */
	}
	if (hybrid && max >= 0x1A) {
		pmu_cpuid(0x1A, 0, r);
		*type = (uint8_t)(r[0] >> 24); /* C-56 */
	}
	return hybrid;
}

/* C-68: leaf 23H is there where CPUID.(07H,1):EAX[8] says so, leaf 7's
 * sub-leaf 1 being read only where sub-leaf 0 EAX reaches it. */
static bool perfmon_ext(void)
{
	uint32_t r[4];

	pmu_cpuid(7, 0, r);
	if (r[0] < 1)
		return false;
	pmu_cpuid(7, 1, r);
	return (r[0] & PERFMON_EXT) != 0;
}

void core_enum_read(struct core_enum *e)
{
	uint32_t r[4], base;

	memset(e, 0, sizeof(*e));
	pmu_cpuid(1, 0, r);
	base = (r[0] >> 8) & 0xf;
	e->family = base == 0xf ? base + ((r[0] >> 20) & 0xff) : base;
	e->model = (r[0] >> 4) & 0xf;
	if (base == 0x6 || base == 0xf)
		e->model |= ((r[0] >> 16) & 0xf) << 4;
	e->pdcm = (r[2] & PDCM) != 0;
	e->hybrid = core_enum_core_type(&e->core_type);
	pmu_cpuid(0, 0, r);
	if (r[0] < 0xA)
		return; /* no leaf 0AH: no architectural PMU */
	if (r[0] >= LEAF_PERFMON_EXT && perfmon_ext()) {
		pmu_cpuid(LEAF_PERFMON_EXT, 0, r);
		e->leaf23 = r[0];
		e->leaf23_ext = r[1];
		if (core_enum_has_sub1(e)) { /* C-64: bit 1, never bit 0 */
			pmu_cpuid(LEAF_PERFMON_EXT, 1, r);
			e->gp_bitmap = r[0];
			e->fixed_bitmap23 = r[1];
		}
	}
	pmu_cpuid(0xA, 0, r);
	e->version = (uint8_t)r[0];
	e->ngp = (uint8_t)(r[0] >> 8);
	e->gp_width = (uint8_t)(r[0] >> 16);
	e->ebx_len = (uint8_t)(r[0] >> 24);
	e->ebx = r[1] & (e->ebx_len >= 32 ? ~0u : (1u << e->ebx_len) - 1); /* C-11 */
	if (e->version > 1) {
		e->nfixed = r[3] & 0x1f;
		e->fixed_width = (uint8_t)(r[3] >> 5);
	}
	if (e->version >= 5) { /* C-52, C-54: fields of version 5 */
		e->fixed_bitmap = r[2];
		e->any_deprecated = (r[3] & ANY_DEPRECATED) != 0;
	}
	if (e->version && e->pdcm)
		e->caps_read = !msr_read(plat_this_cpu(), MSR_PERF_CAPS, &e->perf_caps);
}

bool core_enum_has_sub1(const struct core_enum *e)
{
	return (e->leaf23 & CORE_LEAF23_SUB1) != 0;
}

uint32_t core_enum_fixed_set(const struct core_enum *e)
{
	uint32_t counted = e->nfixed >= 32 ? ~0u : (1u << e->nfixed) - 1;

	if (core_enum_has_sub1(e))
		return e->fixed_bitmap23; /* C-66 */
	return e->version >= 5 ? counted | e->fixed_bitmap : counted;
}

uint32_t core_enum_gp_set(const struct core_enum *e)
{
	if (core_enum_has_sub1(e))
		return e->gp_bitmap; /* C-66: holes and all */
	return e->ngp >= 32 ? ~0u : (1u << e->ngp) - 1;
}

const char *core_type_name(uint8_t type)
{
	static char other[24];

	if (type == 0x40)
		return "P-core (40H)";
	if (type == 0x20)
		return "E-core (20H)";
	snprintf(other, sizeof(other), "core type 0x%x", type);
	return other;
}

bool core_enum_available(const struct core_enum *e, unsigned i)
{
	return i < e->ebx_len && !(e->ebx >> i & 1);
}

bool core_enum_full_width(const struct core_enum *e)
{
	return e->pdcm && e->caps_read && (e->perf_caps & PERF_CAPS_FW_WRITE);
}

void core_enum_describe(const struct core_enum *e, char *buf, size_t len)
{
	if (!e->version) {
		snprintf(buf, len, "no architectural PMU (CPUID.0AH:EAX[7:0] = 0)");
		return;
	}
	int n = snprintf(buf, len, "version %u, %u general x %u bits, %u fixed x %u bits, EBX 0x%x "
			 "of %u bits (a set bit: event NOT available), PERF_CAPABILITIES %s0x%llx",
			 e->version, e->ngp, e->gp_width, e->nfixed, e->fixed_width, e->ebx,
			 e->ebx_len, e->caps_read ? "" : "(none) ", (unsigned long long)e->perf_caps);

	if (e->version >= 5 && n >= 0 && (size_t)n < len) /* C-52, C-54 */
		n += snprintf(buf + n, len - (size_t)n, ", fixed bitmap 0x%x%s", e->fixed_bitmap,
			      e->any_deprecated ? ", AnyThread deprecated" : "");
	if (e->leaf23 && n >= 0 && (size_t)n < len) /* C-64..C-66 */
		n += snprintf(buf + n, len - (size_t)n, ", leaf 23H 0x%x%s%s", e->leaf23,
			      e->leaf23_ext & CORE_LEAF23_UMASK2 ? " UMASK2" : "",
			      e->leaf23_ext & CORE_LEAF23_EQ ? " EQ" : "");
	if (core_enum_has_sub1(e) && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, ": general 0x%x fixed 0x%x", e->gp_bitmap,
			      e->fixed_bitmap23);
	if (e->hybrid && n >= 0 && (size_t)n < len) /* C-55, C-56 */
		snprintf(buf + n, len - (size_t)n, ", hybrid, this CPU a %s",
			 core_type_name(e->core_type));
}

void core_enum_summary(const char *source, const char *shape, const struct core_enum *e,
		       char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s%s%s: ", source, shape ? ", shape " : "", shape ? shape : "");

	if (n >= 0 && (size_t)n < len)
		core_enum_describe(e, buf + n, len - (size_t)n);
}

const char *core_event_name(unsigned i)
{
	static const char *const names[CORE_ENUM_EVENTS] = {
		"UnHalted Core Cycles", "Instructions Retired", "UnHalted Reference Cycles",
		"LLC Reference", "LLC Misses", "Branch Instructions Retired",
		"Branch Misses Retired",
	};

	return i < CORE_ENUM_EVENTS ? names[i] : "?";
}
