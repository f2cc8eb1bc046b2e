/* The per-test watchdog, so that a hung test ends in a reset and a resumed
 * run rather than a machine that waits forever: before each test body the harness
 * arms two, for the test's bound (watchdog=, seconds), and disarms them
 * when the body returns.
 *
 * - The firmware's, BS->SetWatchdogTimer (UEFI 2.10 7.5.1): on expiry the
 *   firmware resets the machine. It is an event of the firmware's timer
 *   tick, so it needs interrupts: a test spinning with IF=0 never lets it
 *   fire.
 * - The chipset's TCO timer, which counts on its own clock whatever the
 *   CPUs do: the backstop for a hang with interrupts off. Only on the
 *   chipsets whose registers this file knows (the ICH9 LPC, QEMU q35's);
 *   anywhere else the harness says the hardware watchdog is unavailable and
 *   touches no chipset I/O beyond reading the LPC's PCI ids.
 *
 * ICH9 (Intel I/O Controller Hub 9 datasheet, LPC interface D31:F0 and
 * its TCO I/O registers):
 * - PMBASE, LPC config 0x40 (bits 15:7), with ACPI_EN (config 0x44 bit 7):
 *   the TCO block is at PMBASE + 0x60;
 * - TCO_RLD (+0x00, any write reloads), TCO1_STS (+0x04, bit 3 TIMEOUT,
 *   write 1 to clear), TCO2_STS (+0x06, bit 1 SECOND_TO_STS: the last reset
 *   was the TCO's), TCO1_CNT (+0x08, bit 11 TCO_TMR_HLT halts the timer,
 *   bit 12 TCO_LOCK, set by a BIOS that keeps the TCO for itself), TCO_TMR
 *   (+0x12, bits 9:0, ticks of 0.6 s, 2..1023);
 * - the timer counts TCO_TMR down twice: the first expiry sets TIMEOUT
 *   (and raises an SMI or NMI), the second resets the machine unless
 *   NO_REBOOT is set: GCS (RCBA + 0x3410, RCBA = LPC config 0xF0 bits 31:14
 *   with bit 0 enabled) bit 5, which a board may also strap on (the SPKR
 *   pin high). QEMU's q35 straps it with -global ICH9-LPC.noreboot=true;
 *   scripts/qemu.sh --reboot passes noreboot=false.
 * So the TCO is armed with TCO_TMR = bound / 1.2 s rounded down (both
 * stages together make at most the bound): it resets first, and stops
 * (QEMU's stops after its reset). Were the firmware's first, the TCO
 * would go on counting through the reboot (QEMU's reset leaves it alone,
 * as a BIOS that does not halt it would) and reset the next boot too. For
 * the same reason the harness halts a TCO it finds counting at its start.
 *
 * What real boards need (README, "Watchdog"): the BIOS must leave the TCO
 * usable (not TCO_LOCK-ed, ACPI_EN set), NO_REBOOT clearable (not
 * strapped), and no SMM handler of its own swallowing the timeouts. Later
 * PCHs moved these registers (the TCO block to a base of its own in
 * another PCI function, NO_REBOOT out of GCS into the PMC), so a PCH other
 * than ICH9 is "unknown chipset": only the firmware's watchdog. */
#include "efi/efi.h"
#include "lib/platform.h"
#include "arch/io.h"

/* The firmware reserves watchdog codes 0..0xFFFF (UEFI 2.10 7.5.1). */
#define WD_CODE 0x18001

#define PCI_ADDR(dev, fn, off) (0x80000000u | ((dev) << 11) | ((fn) << 8) | ((off) & 0xfc))
#define LPC_DEV 31
#define LPC_PMBASE 0x40
#define LPC_ACPI_CNTL 0x44
#define ACPI_EN (1u << 7)
#define LPC_RCBA 0xF0
#define RCBA_GCS 0x3410
#define GCS_NO_REBOOT (1u << 5)

#define TCO_OFF 0x60
#define TCO_RLD 0x00
#define TCO1_STS 0x04
#define TCO2_STS 0x06
#define TCO1_CNT 0x08
#define TCO_TMR 0x12
#define TCO_TIMEOUT (1u << 3)
#define TCO_SECOND_TO (1u << 1)
#define TCO_TMR_HLT (1u << 11)
#define TCO_LOCK (1u << 12)
#define TCO_TICK_MS 600
#define TCO_TICKS_MAX 1023

/* The ICH9 family's LPC device ids (datasheet, D31:F0 DID). */
static const uint16_t ich9_lpc[] = { 0x2912, 0x2914, 0x2916, 0x2917, 0x2918, 0x2919 };

static struct {
	uint16_t tco;   /* TCO I/O base, 0: no hardware watchdog */
	bool armed;
	bool emulated;  /* the run's backend: debug.hang= allowed */
} wd;

static uint32_t lpc_read(unsigned off)
{
	outl(0xCF8, PCI_ADDR(LPC_DEV, 0, off));
	return inl(0xCFC);
}

/* The ICH9's TCO, or 0 with why it is not used. */
static uint16_t find_tco(char *why, size_t len)
{
	uint32_t id = lpc_read(0), pmbase, rcba;
	volatile uint32_t *gcs;
	uint16_t tco;
	unsigned i;

	if ((id & 0xffff) != 0x8086) {
		snprintf(why, len, "no Intel LPC bridge at 00:1f.0 (vendor 0x%04x)", id & 0xffff);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(ich9_lpc) && ich9_lpc[i] != id >> 16; i++)
		;
	if (i == ARRAY_SIZE(ich9_lpc)) {
		snprintf(why, len, "unknown chipset (LPC 8086:%04x; the harness knows the ICH9's TCO only)",
			 id >> 16);
		return 0;
	}
	pmbase = lpc_read(LPC_PMBASE) & 0xff80;
	if (!(lpc_read(LPC_ACPI_CNTL) & ACPI_EN) || !pmbase) {
		snprintf(why, len, "ICH9 with its ACPI I/O space disabled by the firmware");
		return 0;
	}
	tco = (uint16_t)(pmbase + TCO_OFF);
	if (inw(tco + TCO1_CNT) & TCO_LOCK) {
		snprintf(why, len, "ICH9 TCO locked by the firmware (TCO_LOCK)");
		return 0;
	}
	rcba = lpc_read(LPC_RCBA);
	if (!(rcba & 1)) {
		snprintf(why, len, "ICH9 with no RCBA, so NO_REBOOT cannot be read");
		return 0;
	}
	gcs = (volatile uint32_t *)(uintptr_t)((rcba & 0xffffc000u) + RCBA_GCS);
	if (*gcs & GCS_NO_REBOOT)
		*gcs &= ~GCS_NO_REBOOT;
	if (*gcs & GCS_NO_REBOOT) {
		snprintf(why, len, "ICH9 TCO strapped NO_REBOOT (GCS bit 5 stays set)");
		return 0;
	}
	return tco;
}

void watchdog_init(bool emulated)
{
	char why[120];

	wd.emulated = emulated;
	wd.tco = find_tco(why, sizeof(why));
	if (wd.tco && (inw(wd.tco + TCO2_STS) & TCO_SECOND_TO)) {
		plat_log(0, "watchdog: the last reset was the TCO's (TCO2_STS.SECOND_TO_STS)");
		outw(wd.tco + TCO2_STS, TCO_SECOND_TO); /* write 1 to clear */
	}
	if (wd.tco && !(inw(wd.tco + TCO1_CNT) & TCO_TMR_HLT)) {
		plat_log(1, "watchdog: the TCO was not halted (as a reset leaves it); halted until a test arms it");
		outw(wd.tco + TCO1_CNT, inw(wd.tco + TCO1_CNT) | TCO_TMR_HLT);
	}
	if (!g_cfg.watchdog_s)
		plat_log(1, "watchdog: off (watchdog=0)");
	else if (wd.tco && g_cfg.watchdog_s * 1000 / (2 * TCO_TICK_MS) > TCO_TICKS_MAX)
		plat_log(0, "watchdog: %u s a test, the firmware's only: over the ICH9 TCO's "
			 "longest, %u s (a hang with interrupts off is not reset)",
			 (unsigned)g_cfg.watchdog_s, 2 * TCO_TICKS_MAX * TCO_TICK_MS / 1000);
	else if (wd.tco)
		plat_log(1, "watchdog: %u s a test, the firmware's and the ICH9 TCO's at io 0x%x",
			 (unsigned)g_cfg.watchdog_s, wd.tco);
	else
		plat_log(0, "watchdog: %u s a test, the firmware's only; hardware watchdog "
			 "unavailable: %s (a hang with interrupts off is not reset)",
			 (unsigned)g_cfg.watchdog_s, why);
	if (g_cfg.hang[0] && !emulated && !g_cfg.allow_hang)
		plat_log(0, "debug.hang: refused on the hardware backend (debug.allow_hang=1 "
			 "lets it hang this machine); no hang injected");
}

bool watchdog_hardware(void)
{
	return wd.tco != 0;
}

static void tco_arm(unsigned seconds)
{
	uint32_t ticks = seconds * 1000 / (2 * TCO_TICK_MS);
	uint16_t cnt = inw(wd.tco + TCO1_CNT);

	if (ticks < 2)
		ticks = 2;
	/* Past 1227 s the TCO would reset a healthy test before its bound:
	 * left halted, the firmware's alone (watchdog_init says so). */
	if (ticks > TCO_TICKS_MAX)
		return;
	outw(wd.tco + TCO1_CNT, cnt | TCO_TMR_HLT);
	outw(wd.tco + TCO_TMR, (uint16_t)((inw(wd.tco + TCO_TMR) & ~0x3ffu) | ticks));
	outw(wd.tco + TCO1_STS, TCO_TIMEOUT); /* a first timeout from before */
	outw(wd.tco + TCO2_STS, TCO_SECOND_TO);
	outw(wd.tco + TCO_RLD, 1);
	outw(wd.tco + TCO1_CNT, cnt & ~TCO_TMR_HLT);
}

void watchdog_arm(unsigned seconds)
{
	if (!seconds)
		return;
	g_bs->SetWatchdogTimer(seconds, WD_CODE, 0, NULL);
	if (wd.tco)
		tco_arm(seconds);
	wd.armed = true;
}

void watchdog_disarm(void)
{
	if (!wd.armed)
		return;
	g_bs->SetWatchdogTimer(0, 0, 0, NULL);
	if (wd.tco)
		outw(wd.tco + TCO1_CNT, inw(wd.tco + TCO1_CNT) | TCO_TMR_HLT);
	wd.armed = false;
}

/* debug.hang=: the kind named for id, or NULL. */
static const char *hang_kind(const char *id)
{
	size_t n = strlen(id);
	const char *p;

	for (p = g_cfg.hang; *p; p++) {
		if (!strncmp(p, id, n) && p[n] == ':' && (p == g_cfg.hang || p[-1] == ','))
			return p[n + 6] == 'n' ? "on" : "off"; /* ":irq-on" */
	}
	return NULL;
}

void watchdog_hang_if(const char *id)
{
	const char *kind = hang_kind(id);

	if (!kind || (!wd.emulated && !g_cfg.allow_hang))
		return;
	plat_log(0, "debug.hang: %s: halted with interrupts %s until a watchdog resets the "
		 "machine", id, kind);
	if (kind[1] == 'f')
		irq_disable();
	else
		irq_enable();
	/* HLT, not a spin: the CPU makes no progress either way, and under
	 * QEMU a halted vCPU costs the host no CPU while the watchdog's bound
	 * runs out (four such hangs are 15 s each in make check). With
	 * interrupts on it wakes at each tick, whose events (the firmware's
	 * watchdog among them) run, and halts again. */
	for (;;)
		__asm__ volatile("hlt" ::: "memory");
}
