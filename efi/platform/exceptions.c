/* CPU exceptions and external interrupts through EFI_CPU_ARCH_PROTOCOL.
 *
 * Exceptions (#DE #UD #GP #PF, and #MC/#AC-free set below) go to one handler:
 *  1. a listed fault-catching instruction resumes at its fixup (arch/fault.h);
 *  2. else, if the faulting CPU armed a recovery point (plat_guarded, or an AP
 *     procedure started by plat_run_on), it resumes there and the caller
 *     learns the vector: a test ends as ERROR, the run goes on;
 *  3. else the machine state is unknown: report and end the run as a harness
 *     error, which still flushes the result files.
 * The handlers run on whichever CPU took the exception, APs included, because
 * OVMF's APs share the BSP's IDT (docs/platform-notes.md#interrupt-handlers). */
#include "efi/efi.h"
#include "efi/protocols.h"
#include "lib/platform.h"
#include "arch/apic.h"
#include "arch/fault.h"

static CPU_ARCH *cpu_arch;
static const unsigned exc_vectors[] = { 0, 5, 6, 11, 12, 13, 14, 17 };

struct recovery {
	fault_jmp_buf jb;
	volatile bool armed;
	volatile int vector;
	volatile uint64_t rip, error, cr2;
};
static struct recovery recov[PLAT_MAX_CPUS];
static plat_irq_fn irq_fns[256];

static uint64_t read_cr2(void)
{
	uint64_t v;

	__asm__ volatile("mov %%cr2, %0" : "=r"(v));
	return v;
}

static void EFIAPI on_exception(EFI_EXCEPTION_TYPE type, EFI_SYSTEM_CONTEXT ctx)
{
	EFI_SYSTEM_CONTEXT_X64 *c = ctx.SystemContextX64;
	uint64_t fix = fault_fixup(c->Rip);
	struct recovery *r;

	if (fix) {
		c->Rip = fix;
		c->Rax = (uint64_t)type;
		return;
	}
	r = &recov[plat_this_cpu()];
	r->vector = (int)type;
	r->rip = c->Rip;
	r->error = c->ExceptionData;
	r->cr2 = type == 14 ? read_cr2() : 0;
	if (r->armed) {
		/* Resume in fault_longjmp(jb, 0x100 | vector) with the stack it saved. */
		r->armed = false;
		c->Rdi = (uint64_t)(uintptr_t)r->jb;
		c->Rsi = 0x100 | (uint64_t)type;
		c->Rip = (uint64_t)(uintptr_t)fault_longjmp;
		return;
	}
	if (plat_this_cpu() == 0) {
		plat_log(0, "harness: unexpected CPU exception %u at rip 0x%lx error 0x%lx "
			 "cr2 0x%lx outside any test; ending the run",
			 (unsigned)type, (unsigned long)c->Rip, (unsigned long)c->ExceptionData,
			 (unsigned long)r->cr2);
		end_run(2);
	}
	/* An AP outside a guarded procedure: nothing safe to do but stop it. */
	for (;;)
		__asm__ volatile("cli; hlt");
}

/* Nested calls are the rule, not the exception: a test (guarded by the
 * runner) forks and joins, and plat_run_all guards the BSP's part too. So
 * the enclosing recovery point is kept and given back on the way out, or
 * the rest of the test would run unguarded and its fault would end the
 * run as one outside any test. */
int plat_guarded(void (*fn)(void *), void *arg, char *why, size_t len)
{
	struct recovery *r = &recov[plat_this_cpu()];
	fault_jmp_buf outer;
	bool outer_armed = r->armed;
	int v;

	memcpy(outer, r->jb, sizeof(outer));
	v = fault_setjmp(r->jb);
	if (v) {
		snprintf(why, len, "CPU exception %d at rip 0x%lx (error 0x%lx, cr2 0x%lx)",
			 v & 0xff, (unsigned long)r->rip, (unsigned long)r->error,
			 (unsigned long)r->cr2);
		memcpy(r->jb, outer, sizeof(outer));
		r->armed = outer_armed;
		return v & 0xff;
	}
	r->armed = true;
	fn(arg);
	r->armed = false;
	memcpy(r->jb, outer, sizeof(outer));
	r->armed = outer_armed;
	return 0;
}

static void EFIAPI on_irq(EFI_EXCEPTION_TYPE type, EFI_SYSTEM_CONTEXT ctx)
{
	(void)ctx;
	if (irq_fns[type & 0xff])
		irq_fns[type & 0xff]((unsigned)type);
	if (type >= 0x20) /* C-31: EOI for Fixed delivery, none after NMI */
		apic_eoi();
}

int plat_irq_register(unsigned vector, plat_irq_fn fn)
{
	EFI_STATUS st;

	if (vector > 255 || (vector < 0x20 && vector != 2) || !fn)
		return PLAT_EINVAL;
	st = cpu_arch->RegisterInterruptHandler(cpu_arch, vector, on_irq);
	if (EFI_ERROR(st))
		return st == EFI_ALREADY_STARTED ? PLAT_EBUSY : PLAT_EUNSUPPORTED;
	irq_fns[vector] = fn;
	return PLAT_OK;
}

void plat_irq_unregister(unsigned vector)
{
	if (vector > 255 || !irq_fns[vector])
		return;
	cpu_arch->RegisterInterruptHandler(cpu_arch, vector, NULL);
	irq_fns[vector] = NULL;
}

EFI_STATUS exceptions_init(void)
{
	EFI_GUID guid = CPU_ARCH_GUID;
	EFI_STATUS st;
	unsigned i;

	st = g_bs->LocateProtocol(&guid, NULL, (void **)&cpu_arch);
	if (EFI_ERROR(st))
		return st;
	for (i = 0; i < ARRAY_SIZE(exc_vectors); i++) {
		st = cpu_arch->RegisterInterruptHandler(cpu_arch, exc_vectors[i], on_exception);
		if (st == EFI_ALREADY_STARTED) { /* replace whatever was there */
			cpu_arch->RegisterInterruptHandler(cpu_arch, exc_vectors[i], NULL);
			st = cpu_arch->RegisterInterruptHandler(cpu_arch, exc_vectors[i], on_exception);
		}
		if (EFI_ERROR(st))
			return st;
	}
	return EFI_SUCCESS;
}

/* Give the firmware back its defaults before returning to it. */
void exceptions_fini(void)
{
	unsigned i;

	if (!cpu_arch)
		return;
	for (i = 0; i < 256; i++)
		plat_irq_unregister(i);
	for (i = 0; i < ARRAY_SIZE(exc_vectors); i++)
		cpu_arch->RegisterInterruptHandler(cpu_arch, exc_vectors[i], NULL);
}
