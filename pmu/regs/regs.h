/* Register descriptions as data: one table per uncore generation and one for
 * the architectural core PMU, read by the tests, by the emulated PMUs and by
 * `make regs`. The shape follows the Linux uncore driver's
 * intel_uncore_type: a generation has box types; a box type has a number of
 * box instances at a fixed stride, and register templates, each a run of
 * `count` registers at `stride` (a counter and its control are two
 * templates with the same count, paired by index, unless one control holds
 * a field group per counter, like IA32_FIXED_CTR_CTRL). Fields carry their
 * access type and the spec statement they come from; bits not covered by a
 * field are reserved. Portable: no <efi.h>. */
#ifndef PMU_REGS_H
#define PMU_REGS_H

#include "lib/rt.h"

enum field_access {
	FA_RW,  /* read/write */
	FA_RO,  /* read-only: writes ignored or fault, per register */
	FA_WO,  /* write-only: reads 0 */
	FA_W1C, /* writing 1 clears the same bit of the register it names (OVF_CTRL) */
	FA_W1A, /* writing 1 triggers an action, the bit reads 0 (OCC_CTR_RST) */
};

struct field {
	const char *name;
	uint8_t lo, hi;
	enum field_access access;
	const char *spec; /* statement id(s), e.g. "N-06" */
};

enum reg_role {
	ROLE_GLOBAL_CTL, ROLE_GLOBAL_STATUS, ROLE_GLOBAL_OVF,
	ROLE_CTR,    /* a counter; width = counting width */
	ROLE_CTL,    /* the control paired with the counter of the same index */
	ROLE_FILTER, /* match/mask and filter registers */
	ROLE_CORE,   /* other core registers: IA32_DEBUGCTL, IA32_PERF_CAPABILITIES */
	ROLE_BOX_CTL, /* a box's own control (reset, freeze) where no global one rules */
	/* An overflow summary the manuals document without an address (the
	 * Xeon 7500 S-box's, OQ-X9): listed by `make regs` with address
	 * "none", never looked up or accessed as an MSR. */
	ROLE_SUMMARY,
	/* A read-only description of the unit, no control and no counter (the
	 * client uncore's CBO_CONFIG, L-15). */
	ROLE_INFO,
};

enum reg_access { RA_RW, RA_RO, RA_WO };

struct reg_tmpl {
	const char *name;  /* with "%u" where the index goes, e.g. "PerfEvtSel%u" */
	uint32_t addr;     /* MSR of index 0 in box 0 */
	uint16_t stride;   /* address step per index */
	uint8_t count;     /* registers in this run (per box) */
	uint8_t width;     /* counting width for ROLE_CTR, else the register size */
	enum reg_role role;
	enum reg_access access;
	uint64_t reset;
	const struct field *fields; /* terminated by an entry with name NULL */
	const char *spec;
	uint32_t pair; /* ROLE_CTL: addr of the counter template it controls */
};

/* SCOPE_PCI: package scope too, but the registers sit in the PCI
 * configuration space of one device per box instance (struct pci_box_type):
 * addr and stride are config-space offsets, never MSRs. */
/* SCOPE_MMIO: registers in memory behind a host-bridge BAR, addr an offset
 * from the BAR (the memory controllers' PMON blocks, pmu/regs/imc.c); no
 * generation's MSR list holds such a box. */
enum reg_scope { SCOPE_PACKAGE, SCOPE_THREAD, SCOPE_CORE, SCOPE_PCI, SCOPE_MMIO };

/* What the manuals restrict about one event of a box type: which of its
 * counters may count it, how much it adds at most per cycle, and whether
 * it counts only in a state a healthy idle part is not in. Silicon counts
 * nothing for an event on a counter that cannot count it, so the models
 * enforce these rows and `make regs --constraints` lists them. A rule
 * covers the umasks u with (u & umask_mask) == umask; umask_mask 0 covers
 * every umask. The first matching rule of a box type applies; an event no
 * rule names counts on every counter. */
struct event_rule {
	uint8_t event;
	uint8_t umask, umask_mask;
	uint16_t counters; /* bit i: counter i may count it; 0: counts nothing */
	uint8_t max_inc;   /* most it adds in one cycle; 0: no source says */
	bool throttle_only; /* counts only while the part throttles */
	const char *spec;  /* the statement(s) and open question it comes from */
};

/* A model of the generation on which a box type has fewer instances. */
struct box_model_count {
	uint8_t model, nboxes;
};

struct box_type {
	const char *name;
	uint8_t nboxes;
	uint16_t box_stride; /* address step per box instance */
	enum reg_scope scope;
	const struct reg_tmpl *regs;
	unsigned nregs;
	/* Optional, for the Xeon 7500 (X-37, X-39, §2.6.2): */
	const uint16_t *box_offs; /* address offset of each instance, where no
				   * stride gives them (C-boxes); else NULL */
	/* {0, 0}-terminated models with fewer instances (only the first
	 * nboxes exist there); NULL or an unlisted model: all nboxes. */
	const struct box_model_count *fewer;
	/* Register names number on across instances (idx + box * count): the
	 * R-box halves hold counters 0-7 and 8-15, ports 0-3 and 4-7. */
	bool idx_across_boxes;
	/* Its event restrictions, terminated by an entry with spec NULL;
	 * NULL: none known. */
	const struct event_rule *events;
	/* A part may lack some of its instances, and no table says which
	 * (the Xeon Scalable's CHAs beyond CAPID6's count, K-14; its IIO and
	 * IRP boxes on a model without them, OQ-K10): an instance exists
	 * where its first readable register answers. */
	bool probed;
};

/* A SCOPE_PCI box type with the PCI device id and the device and function
 * numbers of each instance (on its socket's bus); box_type first, so a
 * generation lists it among the others as &x.box. */
struct pci_box_type {
	struct box_type box;
	const uint16_t *dev_ids; /* box.nboxes entries */
	const uint8_t *devfn;    /* box.nboxes entries: device << 3 | function */
};

/* A box type in memory behind a BAR of the host bridge (0:0.0): the
 * BAR's name and configuration offset, and the step from box b's
 * registers to box b + 1's, which box_stride cannot hold (0x10000, or
 * downwards). The box type's addresses are offsets from the BAR. */
struct mmio_box {
	const char *bar;  /* "MCHBAR" */
	uint16_t cfg_off; /* the BAR's configuration offset in 0:0.0 */
	int32_t step;     /* box b at addr + step * b */
	const struct box_type *box; /* SCOPE_MMIO */
};

/* A generation: one row of the registry (pmu/registry.c), the hardware's
 * facts and the suite that tests them. Its emulated model and defect
 * family are bound to its name in pmu/emu/models.c, its `make mutation`
 * row is in pmu/emu/mutation.c. The architectural core PMU (core_pmu_regs)
 * has the same shape with its register description only. */
struct uncore_gen {
	const char *name; /* short, stable: "nhm" */
	const char *desc;
	const uint8_t *models; /* GenuineIntel family 6 models (N-01) */
	unsigned nmodels;
	/* The first stepping of its models it is (K-01: Skylake-SP and
	 * Cascade Lake share model 0x55); 0: every stepping. */
	uint8_t min_stepping;
	/* Its register description (pmu/regs/<gen>.c). */
	const struct box_type *const *boxes;
	unsigned nboxes;
	/* A box type with one instance per core of the package (only the
	 * first that many exist: the SNB-EP C-boxes, OQ-S15); NULL: none. */
	const struct box_type *per_core_box;
	/* The test id prefix of its on-target suite (suites/<suite>/, "nhm"
	 * runs nhm.*); NULL: no suite yet, so detection reports no supported
	 * uncore rather than point another generation's tests at its
	 * registers. */
	const char *suite;
	/* Further suite prefixes its tests run under, beside suite,
	 * space-separated: the memory controllers behind MCHBAR that layouts
	 * D to F share (L-110, "imc"), Panther Lake's MSR units beside its
	 * table and its MCHBAR free-running counters (L-141, L-138, "mtl
	 * imc"); NULL: none. */
	const char *suite_also;
	/* Its box types behind host-bridge BARs (SCOPE_MMIO, in no MSR
	 * list); NULL: none. */
	const struct mmio_box *mmio;
	unsigned nmmio;
};

/* A concrete register: one instance of a template. */
struct reg_ref {
	const struct uncore_gen *gen;
	const struct box_type *box;
	const struct reg_tmpl *tmpl;
	unsigned box_idx, idx;
	uint32_t msr;
};

/* Every generation the harness knows, in `make regs` order: the registry
 * (pmu/registry.c). */
extern const struct uncore_gen uncore_gens[];
extern const unsigned uncore_gens_count;

/* The architectural core PMU (pmu/regs/core.c), in the same shape: not an
 * uncore generation (found by CPUID.0AH, C-11, never by model or by the
 * uncore= option), so not in uncore_gens. */
extern const struct uncore_gen core_pmu_regs;

const struct uncore_gen *uncore_gen_by_name(const char *name);
/* The generation for a GenuineIntel family 6 model, or NULL (N-01). */
const struct uncore_gen *uncore_gen_for_model(uint32_t family, uint32_t model);
/* The same for a stepping: of the rows naming the model, the one with the
 * highest min_stepping the stepping reaches (K-01). */
const struct uncore_gen *uncore_gen_for_cpu(uint32_t family, uint32_t model, uint32_t stepping);

uint32_t reg_msr(const struct reg_tmpl *t, const struct box_type *b,
		 unsigned box_idx, unsigned idx);
/* Instances of a box type present on a family 6 model (box_type.fewer). */
unsigned box_count(const struct box_type *b, uint32_t model);
/* Find the register at an MSR address in a generation (PCI boxes aside). */
bool reg_lookup(const struct uncore_gen *g, uint32_t msr, struct reg_ref *out);
/* The same in a list of box types (a model's own register description);
 * out->gen NULL. */
bool reg_find(const struct box_type *const *boxes, unsigned nboxes, uint32_t msr,
	      struct reg_ref *out);
/* "PerfEvtSel3" (box instance appended as "[1]" when the type has several). */
void reg_name(const struct reg_ref *r, char *buf, size_t len);
/* The PCI device id of a SCOPE_PCI box instance, 0 for any other box. */
uint16_t box_pci_id(const struct box_type *b, unsigned box_idx);
/* Its device << 3 | function, 0 for any other box. */
uint8_t box_pci_devfn(const struct box_type *b, unsigned box_idx);
/* Find the register of a PCI box at (device, function, offset) in a
 * generation, on whichever socket's bus; out->msr is the offset. */
bool reg_lookup_pci(const struct uncore_gen *g, unsigned dev, unsigned fn, uint32_t off,
		    struct reg_ref *out);
/* "0xC10" for an MSR, "pci:0x3C46:0e.1+0xF4" (device id, device and
 * function, config offset) for a PCI box's register. */
void reg_addr(const struct reg_ref *r, char *buf, size_t len);

/* The rule of a box type for an event and umask (struct event_rule), or
 * NULL when no rule names it. */
const struct event_rule *event_rule_find(const struct box_type *b, uint8_t event, uint8_t umask);
/* Whether counter idx of the box type may count the event and umask. */
bool event_allowed(const struct box_type *b, unsigned idx, uint8_t event, uint8_t umask);

/* Bit masks derived from the fields: defined bits, and bits of each access. */
uint64_t reg_defined_mask(const struct reg_tmpl *t);
uint64_t reg_access_mask(const struct reg_tmpl *t, enum field_access a);
const struct field *reg_field(const struct reg_tmpl *t, const char *name);
uint64_t field_mask(const struct field *f);

#endif
