/* The discovery table of every socket (D-01..D-17, D-41, D-42): found,
 * read, every entry valid, and summarised: units per type per socket,
 * their access types and widths, the corrections applied. */
#include "suites/disc/disc.h"

static void summary(const struct disc_machine *m, const struct disc_socket *s, unsigned k)
{
	uint16_t types[64];
	unsigned nt = ds_types(s, types, ARRAY_SIZE(types));
	char ty[24];

	if (s->at.where == DISC_AT_MSR)
		plat_log(1, "  socket %u: table at 0x%llx from MSR 0x201E on CPU %u, %u units of %u "
			 "types", k, (unsigned long long)s->at.base, s->at.cpu, s->t.nunits, nt);
	else
		plat_log(1, "  socket %u: table at 0x%llx from %04x:%02x:%02x.%u (capability 0x%x), "
			 "%u units of %u types", k, (unsigned long long)s->at.base, s->at.fn.seg,
			 s->at.fn.bus, s->at.fn.dev, s->at.fn.fn, s->at.cap, s->t.nunits, nt);
	for (unsigned i = 0; i < nt; i++) {
		unsigned n = 0, access = 0, nregs = 0, width = 0;

		for (unsigned j = 0; j < s->t.nunits; j++)
			if (s->t.units[j].type == types[i]) {
				access |= 1u << s->t.units[j].access;
				nregs = s->t.units[j].nregs;
				width = s->t.units[j].width;
				n++;
			}
		plat_log(1, "    %-8s %3u units, %s%s%s, %u counters of %u bits",
			 ds_type_name(m->model, types[i], ty, sizeof(ty)), n,
			 access & 1 ? "MSR" : "", access & 2 ? (access & 1 ? " MMIO" : "MMIO") : "",
			 access & 4 ? (access & 3 ? " PCI" : "PCI") : "", nregs, width);
	}
	for (unsigned r = 0; r < disc_fixes_count; r++)
		if (s->fixes >> r & 1)
			plat_log(1, "    corrected: %s (%s)", disc_fixes[r].what, disc_fixes[r].stmt);
}

/* Every socket has a readable table and every entry of it is valid; the
 * summary is printed. A malformed entry or capability is named and fails. */
static enum verdict read_tables(struct tctx *t)
{
	const struct disc_machine *m;
	unsigned skipped = 0, first = 0;

	TRY(ds_need(t, &m));
	plat_log(1, "  discovery: %u socket(s), CPU model 0x%02X", m->nsock, m->model);
	for (unsigned k = 0; k < m->nsock; k++) {
		const struct disc_socket *s = &m->s[k];

		summary(m, s, k);
		t_figure_at(t, "units_count", FIG_PACKAGE, k, s->t.nunits, "count");
		for (unsigned i = 0; i < s->t.nskips && i < DISC_MAX_SKIPS; i++)
			plat_log(1, "    entry %u skipped: %s (0x%llx 0x%llx 0x%llx)",
				 s->t.skips[i].index, disc_why_text(s->t.skips[i].why),
				 (unsigned long long)s->t.skips[i].q[0],
				 (unsigned long long)s->t.skips[i].q[1],
				 (unsigned long long)s->t.skips[i].q[2]);
		if (!skipped)
			first = k;
		skipped += s->t.nskips;
	}
	for (unsigned i = 0; i < m->nbad; i++)
		plat_log(1, "  capability at %02x:%02x.%u+0x%x gives no table: %s", m->bad[i].fn.bus,
			 m->bad[i].fn.dev, m->bad[i].fn.fn, m->bad[i].cap, m->bad[i].bad);
	CHECK(t, !m->nbad, "%u discovery capabilities give no table; the first at %02x:%02x.%u: "
	      "%s", m->nbad, m->bad[0].fn.bus, m->bad[0].fn.dev, m->bad[0].fn.fn, m->bad[0].bad);
	CHECK(t, !skipped, "%u table entries skipped; socket %u's first: entry %u, %s", skipped,
	      first, m->s[first].t.skips[0].index, disc_why_text(m->s[first].t.skips[0].why));
	CHECK(t, m->nsock == plat_package_count(), "%u tables for %u packages (D-05)", m->nsock,
	      plat_package_count());
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "disc.table.read", .desc = "every socket's discovery table is found (MSR 0x201E or "
	  "DVSEC 0x23), read and valid in every entry; units per type, access types, widths and "
	  "corrections printed", .needs = NEED_UNCORE, .run = read_tables },
};
const struct suite disc_table_suite = SUITE("disc.table", tests);
