/* TSC frequency from two independent references, so each can check the other. */
#ifndef ARCH_TSC_H
#define ARCH_TSC_H

#include "../lib/rt.h"

/* Smallest of `rounds` measurements of a stall_us(us)-long window. */
uint64_t tsc_hz_by_stall(void (*stall_us)(uint64_t us), uint64_t us, unsigned rounds);

/* Smallest of `rounds` measurements of an 8254 PIT channel-2 one-shot of `ms`
 * milliseconds (1.193182 MHz input clock). Returns 0 if the PIT's output never
 * rises (no legacy PIT, or it is gated off on this platform). */
uint64_t tsc_hz_by_pit(unsigned ms, unsigned rounds);

#endif
