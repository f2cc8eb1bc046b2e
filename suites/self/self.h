/* Self-tests of the harness's own platform: CPU detection, fault catching,
 * APIC and IPIs, TSC. They run on hardware and under QEMU alike and prove
 * the machinery the uncore tests stand on. */
#ifndef TESTS_SELF_SELF_H
#define TESTS_SELF_SELF_H

#include "harness/test.h"
#include "harness/config.h"
#include "lib/platform.h"

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
enum verdict self_pci_config(struct tctx *t);
enum verdict self_mmio_ranges(struct tctx *t);

extern const struct suite self_suite;

/* inject= (suites/self/inject.c): the suite of the one test it names, empty
 * unless inject_select chose it; the call after each result that raises
 * inject=gp-outside-test's #GP outside any test. */
extern struct suite inject_suite;
struct uncore_gen;
void inject_select(enum cfg_inject what, const struct uncore_gen *gen);
void inject_after_result(const struct tresult *r);

#endif
