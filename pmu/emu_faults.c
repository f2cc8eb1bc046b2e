/* Names of the injectable defects (pmu/emu_faults.h). */
#include "emu_faults.h"

static const char *const names[] = {
#define X(id, name, desc) name,
	EMU_FAULTS(X)
#undef X
};

static const char *const descs[] = {
#define X(id, name, desc) desc,
	EMU_FAULTS(X)
#undef X
};

const char *emu_fault_name(unsigned bit)
{
	return bit < EMU_FAULT_COUNT ? names[bit] : "?";
}

const char *emu_fault_desc(unsigned bit)
{
	return bit < EMU_FAULT_COUNT ? descs[bit] : "?";
}

/* Each defect's family and its number in it, by global number. */
static const uint8_t family[] = {
#define U(id, name, desc) EMU_FAM_UNCORE,
#define C(id, name, desc) EMU_FAM_CORE,
#define S(id, name, desc) EMU_FAM_SNBEP,
#define N(id, name, desc) EMU_FAM_NHMEX,
#define H(id, name, desc) EMU_FAM_SHARED,
	EMU_FAM_UNCORE_LIST(U) EMU_FAM_SHARED_LIST(H) EMU_FAM_CORE_LIST(C) EMU_FAM_SNBEP_LIST(S)
	EMU_FAM_NHMEX_LIST(N)
#undef H
#undef U
#undef C
#undef S
#undef N
};

static const uint8_t fbit[] = {
#define X(id, name, desc) EMU_FBIT_##id,
	EMU_FAULTS(X)
#undef X
};

emu_faults_t emu_faults_for(const struct emu_fault_set *set, enum emu_fault_family fam)
{
	return set->fam[fam] | set->fam[EMU_FAM_SHARED];
}

emu_faults_t emu_fault_mask(unsigned bit)
{
	return bit < EMU_FAULT_COUNT ? (emu_faults_t)1 << fbit[bit] : 0;
}

void emu_faults_add(struct emu_fault_set *set, unsigned bit)
{
	if (bit < EMU_FAULT_COUNT)
		set->fam[family[bit]] |= emu_fault_mask(bit);
}

bool emu_faults_has(const struct emu_fault_set *set, unsigned bit)
{
	return bit < EMU_FAULT_COUNT && (set->fam[family[bit]] >> fbit[bit] & 1);
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
			if (strlen(names[bit]) == n && !strncmp(names[bit], list, n))
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
		n = snprintf(buf + used, len - used, "%s%s", used ? "," : "", names[bit]);
		if (n < 0 || used + (size_t)n >= len)
			break;
		used += (size_t)n;
	}
	if (!used)
		snprintf(buf, len, "none");
}
