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

int emu_faults_parse(const char *list, emu_faults_t *mask, char *bad, size_t badlen)
{
	emu_faults_t m = 0;

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
			m |= (emu_faults_t)1 << bit;
		list += n + (end != NULL);
	}
	*mask = m;
	return 0;
}

void emu_faults_describe(emu_faults_t mask, char *buf, size_t len)
{
	size_t used = 0;
	unsigned bit;

	if (!len)
		return;
	buf[0] = '\0';
	for (bit = 0; bit < EMU_FAULT_COUNT; bit++) {
		int n;

		if (!(mask & ((emu_faults_t)1 << bit)))
			continue;
		n = snprintf(buf + used, len - used, "%s%s", used ? "," : "", names[bit]);
		if (n < 0 || used + (size_t)n >= len)
			break;
		used += (size_t)n;
	}
	if (!used)
		snprintf(buf, len, "none");
}
