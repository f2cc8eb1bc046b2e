/* What the disc.* tests share (suites/disc/disc.h). */
#include "suites/disc/disc.h"
#include "harness/cpu_topo.h"
#include "pmu/backend/backend.h"

#define DS_MAX_FNS 4096

static struct ds_machine *mach;
static struct disc_pci_list pci;

static bool listed(const uint8_t *m, unsigned n, uint32_t model)
{
	for (unsigned i = 0; i < n; i++)
		if (m[i] == model)
			return true;
	return false;
}

const char *ds_type_name(uint32_t model, unsigned type, char *buf, size_t len)
{
	const char *const *names = NULL;
	unsigned n = 0;

	if (listed(ds_models_spr, sizeof(ds_models_spr), model))
		names = ds_names_spr, n = ARRAY_SIZE(ds_names_spr);
	else if (listed(ds_models_gnr, sizeof(ds_models_gnr), model))
		names = ds_names_gnr, n = ARRAY_SIZE(ds_names_gnr);
	else if (listed(ds_models_ptl, sizeof(ds_models_ptl), model))
		names = ds_names_ptl, n = ARRAY_SIZE(ds_names_ptl);
	if (type < n && names[type])
		snprintf(buf, len, "%s", names[type]);
	else
		snprintf(buf, len, "type %u", type); /* D-60 */
	return buf;
}

/* The first CPU of each package, in CPU order: socket k's is the k-th. */
static unsigned socket_cpus(unsigned *cpu, unsigned max)
{
	struct cpu_topo topo;
	unsigned n = 0;

	cpu_topo_read(&topo);
	for (unsigned c = 0; c < plat_cpu_count() && n < max; c++) {
		bool seen = false;

		for (unsigned k = 0; k < n && !seen; k++)
			seen = cpu_topo_same_package(&topo, cpu[k], c);
		if (!seen)
			cpu[n++] = c;
	}
	return n;
}

/* D-06 on every socket, else D-01..D-04 (OQ-D1, OQ-D3). */
static void find(struct ds_machine *m, const unsigned *cpu, unsigned ncpu)
{
	struct disc_found d[DS_MAX_SOCKETS + 4];
	unsigned n = 0, k;

	for (k = 0; k < ncpu && disc_find_msr(&disc_io_space, cpu[k], &m->s[k].at); k++)
		;
	if (k == ncpu) {
		m->nsock = ncpu;
		return;
	}
	n = disc_find_pci(&disc_io_space, &pci, d, ARRAY_SIZE(d));
	for (unsigned i = 0; i < n; i++) {
		if (d[i].bad) {
			if (m->nbad < ARRAY_SIZE(m->bad))
				m->bad[m->nbad++] = d[i];
		} else if (m->nsock < ncpu && m->nsock < DS_MAX_SOCKETS) {
			m->s[m->nsock].at = d[i];
			m->s[m->nsock].cpu = cpu[m->nsock];
			m->nsock++;
		}
	}
	if (!m->nsock)
		snprintf(m->why, sizeof(m->why), "no discovery table: no MSR 0x201E, no PCI "
			 "capability 0x23 of PMON entries on %u Intel functions (D-01..D-06)", pci.n);
}

const struct ds_machine *ds_machine(void)
{
	unsigned cpu[DS_MAX_SOCKETS], ncpu;
	uint32_t r[4];

	if (mach)
		return mach;
	if (!(mach = plat_alloc(sizeof(*mach))) ||
	    !(pci.e = plat_alloc(DS_MAX_FNS * sizeof(*pci.e)))) {
		static struct ds_machine none = { .why = "no memory for the tables" };

		return mach = &none;
	}
	memset(mach, 0, sizeof(*mach));
	pci.cap = DS_MAX_FNS;
	pmu_cpuid(1, 0, r);
	mach->model = ((r[0] >> 4) & 0xF) | ((r[0] >> 16) & 0xF) << 4;
	ncpu = socket_cpus(cpu, DS_MAX_SOCKETS);
	for (unsigned k = 0; k < ncpu; k++)
		mach->s[k].cpu = cpu[k];
	disc_pci_scan(&disc_io_space, &pci);
	find(mach, cpu, ncpu);
	for (unsigned k = 0; k < mach->nsock; k++) {
		struct ds_socket *s = &mach->s[k];

		s->t.units = plat_alloc(DISC_MAX_UNITS * sizeof(*s->t.units));
		s->t.cap = s->t.units ? DISC_MAX_UNITS : 0;
		s->rc = disc_parse(&s->t, s->at.base, disc_io_space.read64, NULL);
		if (s->rc == DISC_OK)
			s->fixes = disc_fix_apply(&disc_io_space, &pci, mach->model, k, s->cpu, &s->t);
	}
	return mach;
}

enum verdict ds_need(struct tctx *t, const struct ds_machine **m)
{
	*m = ds_machine();
	if (!(*m)->nsock)
		return t_na(t, "%s", (*m)->why);
	for (unsigned k = 0; k < (*m)->nsock; k++)
		if ((*m)->s[k].rc != DISC_OK)
			return t_na(t, "socket %u's discovery table at 0x%llx is unreadable: %s", k,
				    (unsigned long long)(*m)->s[k].at.base,
				    disc_rc_text((*m)->s[k].rc));
	return V_PASS;
}

static const char *kind_name(enum disc_reg kind)
{
	static const char *const n[] = { "unit control", "unit status", "counter control",
					 "counter" };

	return n[kind];
}

static enum verdict access(struct tctx *t, const struct ds_socket *s, const struct disc_unit *u,
			   enum disc_reg kind, unsigned i, uint64_t *v, bool write)
{
	struct reg_loc l = disc_reg(u, kind, i, s->cpu);
	int rc = write ? reg_loc_write(&l, *v) : reg_loc_read(&l, v);
	char ty[24];

	if (!rc)
		return V_PASS;
	return t_fail(t, "%s %u of socket %u (%s): %s of its %s %u: %s (%d)",
		      ds_type_name(mach->model, u->type, ty, sizeof(ty)), u->id,
		      (unsigned)(s - mach->s), disc_access_text(u->access), write ? "write" : "read",
		      kind_name(kind), i, space_rc_text(rc), rc);
}

enum verdict ds_rd(struct tctx *t, const struct ds_socket *s, const struct disc_unit *u,
		   enum disc_reg kind, unsigned i, uint64_t *v)
{
	*v = 0;
	return access(t, s, u, kind, i, v, false);
}

enum verdict ds_wr(struct tctx *t, const struct ds_socket *s, const struct disc_unit *u,
		   enum disc_reg kind, unsigned i, uint64_t v)
{
	return access(t, s, u, kind, i, &v, true);
}

enum verdict ds_global(struct tctx *t, const struct ds_socket *s, bool write, uint64_t *v)
{
	/* D-36: the global entry's access type and address */
	struct disc_unit g = { .access = s->t.global.access, .ctl = s->t.global.ctl, .ctl_step = 1 };
	struct reg_loc l = disc_reg(&g, DISC_UNIT_CTL, 0, s->cpu);
	int rc;

	if (!write)
		*v = 0;
	rc = write ? reg_loc_write(&l, *v) : reg_loc_read(&l, v);
	return rc ? t_fail(t, "socket %u's global control (%s 0x%llx): %s (%d)",
			   (unsigned)(s - mach->s), disc_access_text(g.access),
			   (unsigned long long)g.ctl, space_rc_text(rc), rc)
		  : V_PASS;
}

unsigned ds_types(const struct ds_socket *s, uint16_t *types, unsigned max)
{
	unsigned n = 0;

	for (unsigned i = 0; i < s->t.nunits; i++) {
		unsigned k = 0;

		while (k < n && types[k] != s->t.units[i].type)
			k++;
		if (k == n && n < max)
			types[n++] = s->t.units[i].type;
	}
	return n;
}

static unsigned nsaved(const struct disc_unit *u)
{
	return u->nregs < 8 ? u->nregs : 8;
}

enum verdict ds_save(struct tctx *t, const struct ds_socket *s, const struct disc_unit *const *u,
		     unsigned n, struct ds_saved *sv)
{
	for (sv->n = 0; sv->n < n; sv->n++) {
		uint64_t *v = sv->v[sv->n];

		TRY(ds_rd(t, s, u[sv->n], DISC_UNIT_CTL, 0, &v[0]));
		for (unsigned k = 0; k < nsaved(u[sv->n]); k++) {
			TRY(ds_rd(t, s, u[sv->n], DISC_CTR_CTL, k, &v[1 + 2 * k]));
			TRY(ds_rd(t, s, u[sv->n], DISC_CTR, k, &v[2 + 2 * k]));
		}
	}
	return V_PASS;
}

enum verdict ds_restore(struct tctx *t, const struct ds_socket *s,
			const struct disc_unit *const *u, const struct ds_saved *sv)
{
	char ty[24];

	for (unsigned i = 0; i < sv->n; i++) {
		TRY(ds_wr(t, s, u[i], DISC_UNIT_CTL, 0, DS_UNIT_FRZ));
		for (unsigned k = 0; k < nsaved(u[i]); k++) {
			uint64_t c, v, wc = sv->v[i][1 + 2 * k], wv = sv->v[i][2 + 2 * k];

			TRY(ds_wr(t, s, u[i], DISC_CTR, k, wv));
			TRY(ds_wr(t, s, u[i], DISC_CTR_CTL, k, wc));
			TRY(ds_rd(t, s, u[i], DISC_CTR_CTL, k, &c));
			TRY(ds_rd(t, s, u[i], DISC_CTR, k, &v));
			ds_type_name(mach->model, u[i]->type, ty, sizeof(ty));
			CHECK(t, c == wc, "%s %u of socket %u not put back: counter %u's control reads "
			      "0x%llx, was 0x%llx (L-130)", ty, u[i]->id, (unsigned)(s - mach->s), k,
			      (unsigned long long)c, (unsigned long long)wc);
			/* a counter that takes no write is OQ-D8's question */
			TRY(t_default(t, "OQ-D8", "a counter write keeps the entry's width of bits",
				      v == wv, "%s %u of socket %u not put back: counter %u reads "
				      "0x%llx, was 0x%llx (L-130)", ty, u[i]->id,
				      (unsigned)(s - mach->s), k, (unsigned long long)v,
				      (unsigned long long)wv));
		}
		TRY(ds_wr(t, s, u[i], DISC_UNIT_CTL, 0, sv->v[i][0] & DS_UNIT_FRZ));
	}
	return V_PASS;
}
