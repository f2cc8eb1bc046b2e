/* What the disc.* tests share (suites/disc/disc.h). */
#include "suites/disc/disc.h"
#include "pmu/backend/backend.h"

static bool listed(const uint8_t *m, unsigned n, uint32_t model)
{
	for (unsigned i = 0; i < n; i++)
		if (m[i] == model)
			return true;
	return false;
}

unsigned ds_family(uint32_t model)
{
	if (listed(ds_models_spr, sizeof(ds_models_spr), model))
		return 1;
	return listed(ds_models_gnr, sizeof(ds_models_gnr), model) ? 2 : 0;
}

const char *ds_type_name(uint32_t model, unsigned type, char *buf, size_t len)
{
	const char *const *names = NULL;
	unsigned n = 0;

	if (ds_family(model) == 1)
		names = ds_names_spr, n = ARRAY_SIZE(ds_names_spr);
	else if (ds_family(model) == 2)
		names = ds_names_gnr, n = ARRAY_SIZE(ds_names_gnr);
	if (type < n && names[type])
		snprintf(buf, len, "%s", names[type]);
	else
		snprintf(buf, len, "type %u", type); /* D-60 */
	return buf;
}

enum verdict ds_need(struct tctx *t, const struct disc_machine **m)
{
	*m = disc_machine();
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

static enum verdict access(struct tctx *t, const struct disc_socket *s, const struct disc_unit *u,
			   enum disc_reg kind, unsigned i, uint64_t *v, bool write)
{
	struct reg_loc l = disc_reg(u, kind, i, s->cpu);
	int rc = write ? reg_loc_write(&l, *v) : reg_loc_read(&l, v);
	char ty[24];

	if (!rc)
		return V_PASS;
	return t_fail(t, "%s %u of socket %u (%s): %s of its %s %u: %s (%d)",
		      ds_type_name(disc_machine()->model, u->type, ty, sizeof(ty)), u->id,
		      (unsigned)(s - disc_machine()->s), disc_access_text(u->access), write ? "write" : "read",
		      kind_name(kind), i, space_rc_text(rc), rc);
}

enum verdict ds_rd(struct tctx *t, const struct disc_socket *s, const struct disc_unit *u,
		   enum disc_reg kind, unsigned i, uint64_t *v)
{
	*v = 0;
	return access(t, s, u, kind, i, v, false);
}

enum verdict ds_wr(struct tctx *t, const struct disc_socket *s, const struct disc_unit *u,
		   enum disc_reg kind, unsigned i, uint64_t v)
{
	return access(t, s, u, kind, i, &v, true);
}

enum verdict ds_global(struct tctx *t, const struct disc_socket *s, bool write, uint64_t *v)
{
	/* D-36: the global entry's access type and address */
	struct disc_unit g = { .access = s->t.global.access, .ctl = s->t.global.ctl, .ctl_step = 1 };
	struct reg_loc l = disc_reg(&g, DISC_UNIT_CTL, 0, s->cpu);
	int rc;

	if (!write)
		*v = 0;
	rc = write ? reg_loc_write(&l, *v) : reg_loc_read(&l, v);
	return rc ? t_fail(t, "socket %u's global control (%s 0x%llx): %s (%d)",
			   (unsigned)(s - disc_machine()->s), disc_access_text(g.access),
			   (unsigned long long)g.ctl, space_rc_text(rc), rc)
		  : V_PASS;
}

static enum verdict msr_access(struct tctx *t, const struct disc_socket *s, uint32_t msr,
			       uint64_t *v, bool write)
{
	struct reg_loc l = { .space = SPACE_MSR, .bytes = 8, .cpu = s->cpu, .msr = msr };
	int rc = write ? reg_loc_write(&l, *v) : reg_loc_read(&l, v);

	return rc ? t_fail(t, "socket %u: %s of MSR 0x%x on CPU %u: %s (%d)",
			   (unsigned)(s - disc_machine()->s), write ? "write" : "read", msr, s->cpu,
			   space_rc_text(rc), rc)
		  : V_PASS;
}

enum verdict ds_msr(struct tctx *t, const struct disc_socket *s, uint32_t msr, uint64_t *v)
{
	*v = 0;
	return msr_access(t, s, msr, v, false);
}

enum verdict ds_msr_wr(struct tctx *t, const struct disc_socket *s, uint32_t msr, uint64_t v)
{
	return msr_access(t, s, msr, &v, true);
}

unsigned ds_types(const struct disc_socket *s, uint16_t *types, unsigned max)
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



/* Unit controls of every unit of the type. */
enum verdict ds_ty_ctl(struct tctx *t, const struct ds_ty *y, uint64_t v)
{
	for (unsigned i = 0; i < y->n; i++)
		TRY(ds_wr(t, y->s, y->u[i], DISC_UNIT_CTL, 0, v));
	return V_PASS;
}

/* Counter k of every unit: control c, value v. */
enum verdict ds_ty_program(struct tctx *t, const struct ds_ty *y, unsigned k, uint64_t c,
			   uint64_t v)
{
	for (unsigned i = 0; i < y->n; i++)
		if (k < y->u[i]->nregs) {
			TRY(ds_wr(t, y->s, y->u[i], DISC_CTR, k, v));
			TRY(ds_wr(t, y->s, y->u[i], DISC_CTR_CTL, k, c));
		}
	return V_PASS;
}

enum verdict ds_ty_read(struct tctx *t, const struct ds_ty *y, unsigned k, uint64_t *v)
{
	for (unsigned i = 0; i < y->n; i++)
		TRY(ds_rd(t, y->s, y->u[i], DISC_CTR, k, &v[i]));
	return V_PASS;
}

/* Every unit's control, counter controls and counters as found. */
enum verdict ds_ty_save(struct tctx *t, struct ds_ty *y)
{
	for (unsigned i = 0; i < y->n; i++, y->nsaved = i) {
		const struct disc_unit *u = y->u[i];

		TRY(ds_rd(t, y->s, u, DISC_UNIT_CTL, 0, &y->saved[i][0]));
		for (unsigned k = 0; k < u->nregs && k < 8; k++) {
			TRY(ds_rd(t, y->s, u, DISC_CTR_CTL, k, &y->saved[i][1 + 2 * k]));
			TRY(ds_rd(t, y->s, u, DISC_CTR, k, &y->saved[i][2 + 2 * k]));
		}
	}
	return V_PASS;
}

/* Put them back, each unit frozen while its registers are written, its
 * unit control last (D-30). */
enum verdict ds_ty_restore(struct tctx *t, const struct ds_ty *y)
{
	for (unsigned i = 0; i < y->nsaved; i++) {
		const struct disc_unit *u = y->u[i];

		TRY(ds_wr(t, y->s, u, DISC_UNIT_CTL, 0, DS_UNIT_FRZ));
		for (unsigned k = 0; k < u->nregs && k < 8; k++) {
			TRY(ds_wr(t, y->s, u, DISC_CTR, k, y->saved[i][2 + 2 * k]));
			TRY(ds_wr(t, y->s, u, DISC_CTR_CTL, k, y->saved[i][1 + 2 * k]));
		}
		TRY(ds_wr(t, y->s, u, DISC_UNIT_CTL, 0, y->saved[i][0] & DS_UNIT_FRZ));
	}
	return V_PASS;
}

void ds_ty_fill(struct ds_ty *y, const struct disc_machine *m, unsigned sock, uint16_t type)
{
	const struct disc_socket *s = &m->s[sock];

	*y = (struct ds_ty){ .m = m, .s = s, .sock = sock };
	for (unsigned j = 0; j < s->t.nunits; j++)
		if (s->t.units[j].type == type)
			y->u[y->n++] = &s->t.units[j];
	ds_type_name(m->model, type, y->name, sizeof(y->name));
}
