/* Self-tests of the harness's own platform: CPU detection, fault catching,
 * APIC and IPIs, TSC. They run on hardware and under QEMU alike and prove
 * the machinery the uncore tests stand on. */
#ifndef TESTS_SELF_SELF_H
#define TESTS_SELF_SELF_H

#include "../fw/test.h"
#include "../../efi/platform.h"

enum verdict self_cpu_detect(struct tctx *t);
enum verdict self_cpu_same(struct tctx *t);
enum verdict self_fault_bsp(struct tctx *t);
enum verdict self_fault_each_ap(struct tctx *t);
enum verdict self_fault_unexpected(struct tctx *t);
enum verdict self_apic_each_cpu(struct tctx *t);
enum verdict self_ipi_self(struct tctx *t);
enum verdict self_ipi_fixed(struct tctx *t);
enum verdict self_ipi_nmi(struct tctx *t);
enum verdict self_tsc_calibration(struct tctx *t);

extern const struct suite self_suite;

#endif
