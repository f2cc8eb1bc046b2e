/* The injectable defects as data (pmu/emu/faults.h). */
#include "pmu/emu/faults.h"

const struct emu_defect emu_defects[] = {
#define D(f, id, nm, r, d)                                                                 \
	{ .name = nm, .desc = d, .family = EMU_FAM_##f, .gen = EMU_GEN_##f, .bit = EMU_FBIT_##id, \
	  .run = EMU_RUN_##r },
	EMU_FAULTS(D)
#undef D
};
_Static_assert(ARRAY_SIZE(emu_defects) == EMU_FAULT_COUNT, "one row per defect");

const char *emu_fault_name(unsigned bit)
{
	return bit < EMU_FAULT_COUNT ? emu_defects[bit].name : "?";
}

const char *emu_fault_desc(unsigned bit)
{
	return bit < EMU_FAULT_COUNT ? emu_defects[bit].desc : "?";
}

emu_faults_t emu_faults_for(const struct emu_fault_set *set, enum emu_fault_family fam)
{
	return set->fam[fam] | set->fam[EMU_FAM_SHARED];
}

emu_faults_t emu_fault_mask(unsigned bit)
{
	return bit < EMU_FAULT_COUNT ? (emu_faults_t)1 << emu_defects[bit].bit : 0;
}

void emu_faults_add(struct emu_fault_set *set, unsigned bit)
{
	if (bit < EMU_FAULT_COUNT)
		set->fam[emu_defects[bit].family] |= emu_fault_mask(bit);
}

bool emu_faults_has(const struct emu_fault_set *set, unsigned bit)
{
	return bit < EMU_FAULT_COUNT && (set->fam[emu_defects[bit].family] >> emu_defects[bit].bit & 1);
}

bool emu_faults_empty(const struct emu_fault_set *set)
{
	unsigned f;

	for (f = 0; f < EMU_FAM_COUNT; f++)
		if (set->fam[f])
			return false;
	return true;
}

int emu_faults_parse(const char *list, struct emu_fault_set *set, char *bad, size_t badlen)
{
	struct emu_fault_set m = { { 0 } };

	while (*list) {
		const char *end = strchr(list, ',');
		size_t n = end ? (size_t)(end - list) : strlen(list);
		unsigned bit;

		for (bit = 0; bit < EMU_FAULT_COUNT; bit++)
			if (strlen(emu_defects[bit].name) == n && !strncmp(emu_defects[bit].name, list, n))
				break;
		if (n && bit == EMU_FAULT_COUNT) {
			snprintf(bad, badlen, "%.*s", (int)n, list);
			return -1;
		}
		if (n)
			emu_faults_add(&m, bit);
		list += n + (end != NULL);
	}
	*set = m;
	return 0;
}

void emu_faults_describe(const struct emu_fault_set *set, char *buf, size_t len)
{
	size_t used = 0;
	unsigned bit;

	if (!len)
		return;
	buf[0] = '\0';
	for (bit = 0; bit < EMU_FAULT_COUNT; bit++) {
		int n;

		if (!emu_faults_has(set, bit))
			continue;
		n = snprintf(buf + used, len - used, "%s%s", used ? "," : "", emu_defects[bit].name);
		if (n < 0 || used + (size_t)n >= len)
			break;
		used += (size_t)n;
	}
	if (!used)
		snprintf(buf, len, "none");
}
