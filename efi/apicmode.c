/* apic=xapic|x2apic: switch the BSP and every AP to the requested local-APIC
 * mode for the run, and back at the end (leave the machine as found).
 * Going in: BSP first. Going back: APs first, then the BSP (DESIGN.md). The
 * x2APIC -> xAPIC path goes through "disabled", which resets SVR and the
 * LVTs, so arch/apic.c restores them on each CPU (the BSP's timer LVT is the
 * firmware's tick). */
#include "efi.h"
#include "platform.h"
#include "../arch/apic.h"
#include "../arch/cpuid.h"

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

static void switch_all(bool entering)
{
	void *arg = entering ? &wanted : NULL;

	failed = 0;
	if (entering)
		switch_this_cpu(arg);
	if (plat_run_all(switch_this_cpu, nothing, arg, 1000000))
		failed = 1;
	if (!entering)
		switch_this_cpu(arg);
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
	switch_all(false);
	switched = false;
	if (failed)
		plat_log(0, "apic: a CPU could not be returned to its original mode");
	return failed;
}
