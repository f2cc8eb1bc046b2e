/* apic=xapic|x2apic: switch the BSP and every AP to the requested local-APIC
 * mode for the run, and back at the end (leave the machine as found).
 * Going in: BSP first. Going back: APs first, then the BSP
 * (docs/platform-notes.md#x2apic-switch). The
 * x2APIC -> xAPIC path goes through "disabled", which resets SVR and the
 * LVTs, so arch/apic.c restores them on each CPU (the BSP's timer LVT is the
 * firmware's tick). */
#include "efi/efi.h"
#include "lib/platform.h"
#include "arch/apic.h"
#include "arch/cpuid.h"

static enum apic_mode original[PLAT_MAX_CPUS];
static enum apic_mode wanted;
static volatile int failed;
static bool switched;

/* arg: non-NULL going in (remember the mode, switch to `wanted`), NULL going
 * back (return to the remembered mode). */
static void switch_this_cpu(void *arg)
{
	unsigned me = plat_this_cpu();

	if (arg)
		original[me] = apic_mode();
	if (apic_set_mode(arg ? wanted : original[me]))
		failed = 1;
}

static void nothing(void *arg)
{
	(void)arg;
}

/* Going back, each AP on its own, so that one lost AP (it keeps the run's
 * mode, and is named) leaves the others switched back. */
static void switch_all(bool entering)
{
	void *arg = entering ? &wanted : NULL;
	unsigned i;

	failed = 0;
	if (entering) {
		switch_this_cpu(arg);
		if (plat_run_all(switch_this_cpu, nothing, arg, 1000000))
			failed = 1;
		return;
	}
	for (i = 1; i < plat_cpu_count(); i++)
		if (plat_cpu_lost(i)) {
			plat_log(0, "state: the APIC mode could not be restored on CPU %u (APIC id %u): "
				 "lost", i, plat_cpu(i)->apic_id);
			failed = 1;
		} else if (plat_run_on(i, switch_this_cpu, NULL, 1000000, NULL)) {
			failed = 1;
		}
	switch_this_cpu(NULL);
}

void apic_mode_enter(const struct cfg *c, const struct cpu_ident *id)
{
	if (c->apic == CFG_APIC_KEEP)
		return;
	wanted = c->apic == CFG_APIC_X2APIC ? APIC_MODE_X2APIC : APIC_MODE_XAPIC;
	if (wanted == APIC_MODE_X2APIC && !id->x2apic) {
		plat_log(0, "apic: apic=x2apic asked for, but this CPU has no x2APIC "
			 "(CPUID.1:ECX[21] = 0); staying in %s", apic_mode_name(apic_mode()));
		return;
	}
	switch_all(true);
	switched = true;
	if (failed)
		plat_log(0, "apic: a CPU refused the switch to %s", apic_mode_name(wanted));
}

int apic_mode_leave(void)
{
	if (!switched)
		return 0;
	switched = false; /* once, even if a fault cuts it short */
	switch_all(false);
	if (failed)
		plat_log(0, "apic: a CPU could not be returned to its original mode");
	else
		plat_log(1, "apic: every CPU back in its original mode (the BSP's: %s)",
			 apic_mode_name(original[0]));
	return failed;
}
