/* Helpers over the register tables of pmu/regs/regs.h. */
#include "pmu/regs/regs.h"

const struct uncore_gen *uncore_gen_by_name(const char *name)
{
	unsigned i;

	for (i = 0; i < uncore_gens_count; i++)
		if (!strcmp(uncore_gens[i].name, name))
			return &uncore_gens[i];
	return NULL;
}

const struct uncore_gen *uncore_gen_for_model(uint32_t family, uint32_t model)
{
	unsigned i, j;

	if (family != 6)
		return NULL;
	for (i = 0; i < uncore_gens_count; i++)
		for (j = 0; j < uncore_gens[i].nmodels; j++)
			if (uncore_gens[i].models[j] == model)
				return &uncore_gens[i];
	return NULL;
}

const struct uncore_gen *uncore_gen_for_cpu(uint32_t family, uint32_t model, uint32_t stepping)
{
	const struct uncore_gen *g = uncore_gen_for_model(family, model), *best = g;
	unsigned i, j;

	for (i = 0; g && i < uncore_gens_count; i++)
		for (j = 0; j < uncore_gens[i].nmodels; j++)
			if (uncore_gens[i].models[j] == model &&
			    uncore_gens[i].min_stepping <= stepping &&
			    uncore_gens[i].min_stepping > best->min_stepping)
				best = &uncore_gens[i];
	return best;
}

uint32_t reg_msr(const struct reg_tmpl *t, const struct box_type *b, unsigned box_idx,
		 unsigned idx)
{
	uint32_t off = b->box_offs ? b->box_offs[box_idx] : box_idx * b->box_stride;

	return t->addr + off + idx * t->stride;
}

unsigned box_count(const struct box_type *b, uint32_t model)
{
	const struct box_model_count *m;

	for (m = b->fewer; m && m->nboxes; m++)
		if (m->model == model)
			return m->nboxes;
	return b->nboxes;
}

bool reg_lookup(const struct uncore_gen *g, uint32_t msr, struct reg_ref *out)
{
	if (!reg_find(g->boxes, g->nboxes, msr, out))
		return false;
	out->gen = g;
	return true;
}

bool reg_find(const struct box_type *const *boxes, unsigned nboxes, uint32_t msr,
	      struct reg_ref *out)
{
	unsigned bi, ti, box, idx;

	for (bi = 0; bi < nboxes; bi++) {
		const struct box_type *b = boxes[bi];

		if (b->scope == SCOPE_PCI)
			continue;
		for (ti = 0; ti < b->nregs; ti++)
			for (box = 0; b->regs[ti].role != ROLE_SUMMARY && box < b->nboxes; box++)
				for (idx = 0; idx < b->regs[ti].count; idx++)
					if (reg_msr(&b->regs[ti], b, box, idx) == msr) {
						*out = (struct reg_ref){ .box = b,
								.tmpl = &b->regs[ti],
								.box_idx = box, .idx = idx,
								.msr = msr };
						return true;
					}
	}
	return false;
}

void reg_name(const struct reg_ref *r, char *buf, size_t len)
{
	char base[48];

	snprintf(base, sizeof(base), r->tmpl->name,
		 r->idx + (r->box->idx_across_boxes ? r->box_idx * r->tmpl->count : 0));
	if (r->box->nboxes > 1)
		snprintf(buf, len, "%s[%u]", base, r->box_idx);
	else
		snprintf(buf, len, "%s", base);
}

uint16_t box_pci_id(const struct box_type *b, unsigned box_idx)
{
	if (b->scope != SCOPE_PCI || box_idx >= b->nboxes)
		return 0;
	return ((const struct pci_box_type *)b)->dev_ids[box_idx];
}

uint8_t box_pci_devfn(const struct box_type *b, unsigned box_idx)
{
	if (b->scope != SCOPE_PCI || box_idx >= b->nboxes)
		return 0;
	return ((const struct pci_box_type *)b)->devfn[box_idx];
}

bool reg_lookup_pci(const struct uncore_gen *g, unsigned dev, unsigned fn, uint32_t off,
		    struct reg_ref *out)
{
	unsigned bi, ti, box, idx;

	for (bi = 0; bi < g->nboxes; bi++) {
		const struct box_type *b = g->boxes[bi];

		for (box = 0; b->scope == SCOPE_PCI && box < b->nboxes; box++) {
			if (box_pci_devfn(b, box) != (dev << 3 | fn))
				continue;
			for (ti = 0; ti < b->nregs; ti++)
				for (idx = 0; idx < b->regs[ti].count; idx++)
					if (b->regs[ti].addr + idx * b->regs[ti].stride == off) {
						*out = (struct reg_ref){ .gen = g, .box = b,
								.tmpl = &b->regs[ti],
								.box_idx = box, .idx = idx,
								.msr = off };
						return true;
					}
		}
	}
	return false;
}

void reg_addr(const struct reg_ref *r, char *buf, size_t len)
{
	uint8_t df = box_pci_devfn(r->box, r->box_idx);

	if (r->tmpl->role == ROLE_SUMMARY)
		snprintf(buf, len, "none");
	else if (r->box->scope == SCOPE_PCI)
		snprintf(buf, len, "pci:0x%04X:%02x.%u+0x%X", box_pci_id(r->box, r->box_idx),
			 df >> 3, df & 7, r->msr);
	else
		snprintf(buf, len, "0x%X", r->msr);
}

uint64_t field_mask(const struct field *f)
{
	unsigned n = f->hi - f->lo + 1;

	return (n >= 64 ? ~0ull : ((1ull << n) - 1)) << f->lo;
}

uint64_t reg_access_mask(const struct reg_tmpl *t, enum field_access a)
{
	const struct field *f;
	uint64_t m = 0;

	for (f = t->fields; f && f->name; f++)
		if (f->access == a)
			m |= field_mask(f);
	return m;
}

uint64_t reg_defined_mask(const struct reg_tmpl *t)
{
	const struct field *f;
	uint64_t m = 0;

	for (f = t->fields; f && f->name; f++)
		m |= field_mask(f);
	return m;
}

const struct field *reg_field(const struct reg_tmpl *t, const char *name)
{
	const struct field *f;

	for (f = t->fields; f && f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

const struct event_rule *event_rule_find(const struct box_type *b, uint8_t event, uint8_t umask)
{
	const struct event_rule *r;

	for (r = b->events; r && r->spec; r++)
		if (r->event == event && (umask & r->umask_mask) == r->umask)
			return r;
	return NULL;
}

bool event_allowed(const struct box_type *b, unsigned idx, uint8_t event, uint8_t umask)
{
	const struct event_rule *r = event_rule_find(b, event, umask);

	return !r || (idx < 16 && (r->counters >> idx & 1));
}
