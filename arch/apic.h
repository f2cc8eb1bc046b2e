/* Local APIC in xAPIC (MMIO) and x2APIC (MSR) mode, mode read from
 * IA32_APIC_BASE on every call so it is right on any CPU at any time.
 * Offsets are xAPIC offsets; in x2APIC mode register = 0x800 + off/16 (C-35). */
#ifndef ARCH_APIC_H
#define ARCH_APIC_H

#include "lib/rt.h"

#define APIC_ID     0x020
#define APIC_TPR    0x080
#define APIC_EOI    0x0B0
#define APIC_SVR    0x0F0
#define APIC_ICR    0x300 /* low word; 0x310 high (xAPIC only) */
#define APIC_ICR2   0x310
#define APIC_LVTT   0x320
#define APIC_LVTTHM 0x330
#define APIC_LVTPC  0x340 /* C-25 */
#define APIC_LVT0   0x350
#define APIC_LVT1   0x360
#define APIC_LVTERR 0x370
#define APIC_TMICT  0x380
#define APIC_TDCR   0x3E0

#define APIC_DM_NMI       0x400   /* C-26, C-36 */
#define APIC_ICR_BUSY     0x1000  /* C-36 */
#define APIC_LVT_MASKED   0x10000 /* C-28 */
#define APIC_DEST_SELF    0x40000

#define APIC_BASE_BSP  (1ull << 8)  /* C-34 */
#define APIC_BASE_EXTD (1ull << 10)
#define APIC_BASE_EN   (1ull << 11)

enum apic_mode { APIC_MODE_DISABLED, APIC_MODE_INVALID, APIC_MODE_XAPIC, APIC_MODE_X2APIC };

enum apic_mode apic_mode(void);
const char *apic_mode_name(enum apic_mode m);
uint32_t apic_read(uint32_t off);
void apic_write(uint32_t off, uint32_t v);
uint32_t apic_id(void); /* C-33 */
void apic_eoi(void);    /* C-31 */
/* Fixed (vector) or NMI IPI to a physical APIC id; 0 or -1 if the xAPIC
 * delivery-status bit never cleared (C-36, C-37). */
int apic_send_ipi(uint32_t dest, uint32_t vector, bool nmi);
void apic_self_ipi(uint32_t vector);

/* Registers a mode switch must carry over (the disable step resets them). */
struct apic_saved {
	uint32_t tpr, svr, lvt[6], tmict, tdcr;
};
void apic_save(struct apic_saved *s);
void apic_restore(const struct apic_saved *s);
/* Switch the calling CPU; returns 0 or the fault vector (a CPU without
 * x2APIC raises #GP when EXTD is set). x2APIC -> xAPIC goes through
 * disabled, as the SDM requires, and restores the saved registers. */
int apic_set_mode(enum apic_mode target);

#endif
