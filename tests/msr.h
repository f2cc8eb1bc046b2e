/* MSR access from a test through the current backend (pmu/backend.h). */
#ifndef TESTS_MSR_H
#define TESTS_MSR_H

#include "fw/test.h"
#include "../efi/platform.h"
#include "../pmu/backend.h"

/* MSR access on the calling CPU that ends the test as ERROR on a fault. */
#define RD(t, msr, v) \
	do { int e_ = msr_read(plat_this_cpu(), (msr), (v)); \
	     if (e_) return t_error((t), "rdmsr 0x%x faulted (%d)", (unsigned)(msr), e_); } while (0)
#define WR(t, msr, v) \
	do { int e_ = msr_write(plat_this_cpu(), (msr), (v)); \
	     if (e_) return t_error((t), "wrmsr 0x%x faulted (%d)", (unsigned)(msr), e_); } while (0)

#endif
