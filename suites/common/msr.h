/* MSR access from a test through the current backend (pmu/backend/backend.h). */
#ifndef TESTS_MSR_H
#define TESTS_MSR_H

#include "harness/test.h"
#include "lib/platform.h"
#include "pmu/backend/backend.h"
#include "arch/fault.h"

/* MSR access on the calling CPU that ends the test as ERROR on a fault. */
#define RD(t, msr, v) \
	do { int e_ = msr_read(plat_this_cpu(), (msr), (v)); \
	     if (e_) return t_error((t), "rdmsr 0x%x faulted (%d)", (unsigned)(msr), e_); } while (0)
#define WR(t, msr, v) \
	do { int e_ = msr_write(plat_this_cpu(), (msr), (v)); \
	     if (e_) return t_error((t), "wrmsr 0x%x faulted (%d)", (unsigned)(msr), e_); } while (0)
/* The same on CPU `cpu` (through MP services on hardware). */
#define RD_ON(t, cpu, msr, v) \
	do { int e_ = msr_read((cpu), (msr), (v)); \
	     if (e_) return t_error((t), "rdmsr 0x%x on CPU %u faulted (%d)", \
				    (unsigned)(msr), (unsigned)(cpu), e_); } while (0)
#define WR_ON(t, cpu, msr, v) \
	do { int e_ = msr_write((cpu), (msr), (v)); \
	     if (e_) return t_error((t), "wrmsr 0x%x on CPU %u faulted (%d)", \
				    (unsigned)(msr), (unsigned)(cpu), e_); } while (0)

#endif
