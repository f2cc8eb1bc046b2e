/* Globals and helpers shared by the efi/ layer (the only layer that sees
 * <efi.h>). */
#ifndef EFI_EFI_H
#define EFI_EFI_H

#include <efi.h>
#include "lib/rt.h"
#include "harness/config.h"

extern EFI_SYSTEM_TABLE *g_st;
extern EFI_BOOT_SERVICES *g_bs;
extern EFI_HANDLE g_image;
extern struct cfg g_cfg;

/* console.c: ConOut (left in the firmware's mode: no clearing, no cursor
 * control), optional direct 16550, and a log mirror in the results folder. */
void console_set_uart(uint16_t port, uint32_t baud);
void console_set_mirror(void (*fn)(const char *line));
void console_msg(void *ctx, const char *msg); /* cfg_msg_fn */
uint16_t console_uart(void); /* serial='s port while it answers, else 0 */

/* uart.c: direct 16550 writer, for headless machines without console
 * redirection. Returns false if no UART answers at port. */
bool uart_init(uint16_t port, uint32_t baud);
void uart_puts(uint16_t port, const char *s);

/* exceptions.c */
EFI_STATUS exceptions_init(void);
void exceptions_fini(void);

/* mp.c */
EFI_STATUS mp_init(void);
void mp_release(void); /* APs back to the firmware (end of run) */

/* medium.c: the volume the harness was loaded from. */
EFI_STATUS medium_open(void);
/* Read a whole file into buf, or nothing: a file over size bytes is not
 * read and gives EFI_BUFFER_TOO_SMALL; *len gets its true length. */
EFI_STATUS medium_read(const CHAR16 *path, void *buf, UINTN size, UINTN *len);
/* Free bytes and the allocation unit of the volume (EFI_WRITE_PROTECTED on
 * a read-only one). */
EFI_STATUS medium_space(uint64_t *free, uint32_t *cluster);
/* Why the last result write or flush failed, in words. */
const char *medium_error(void);
/* Create \uncore-results\run-NNNN; name gets "run-NNNN". */
EFI_STATUS medium_new_run_dir(char *name, size_t len);
/* The highest \uncore-results\run-NNNN there is (EFI_NOT_FOUND: none),
 * and an existing one opened as the run folder (a run that resumes). */
EFI_STATUS medium_last_run_dir(char *name, size_t len);
EFI_STATUS medium_open_run_dir(const char *name);
/* Create (truncate) a file in the run folder as an rfile. */
struct rfile;
EFI_STATUS medium_create(const char *file, struct rfile *f);
/* Open a file of the run folder (creating it) cut to at most keep bytes,
 * as an rfile appending at its end. */
EFI_STATUS medium_reopen(const char *file, uint64_t keep, struct rfile *f);
/* A whole file of the run folder in pool memory (NUL-terminated; the
 * caller frees it). */
EFI_STATUS medium_read_run(const char *file, char **buf, UINTN *len);
/* tmp, written and flushed, renamed to final in place of any file of
 * that name. */
EFI_STATUS medium_replace(struct rfile *tmp, const char *final);
/* Delete a file of the run folder, if there is one. */
void medium_drop(const char *file);
/* Delete a file medium_create made (and close it). */
void medium_discard(struct rfile *f);
void medium_close_all(void);

/* apicmode.c: apic= for the run, and back. */
struct cpu_ident;
void apic_mode_enter(const struct cfg *c, const struct cpu_ident *id);
int apic_mode_leave(void); /* nonzero: a CPU could not be put back */

/* pmu_wiring.c: detection, backend, the emulated uncore's PMI tick. */
struct pmu_choice;
const struct pmu_choice *uncore_setup(const struct cpu_ident *id);
void uncore_teardown(void);

/* resfiles.c: the run's folder and files (log.txt, results.tap,
 * results.jsonl, results.json), opened only when the volume has room for
 * them; finish writes results.json and says whether every file is whole. */
struct session;
void resfiles_open(struct session *s);
/* list and help: the console's lines in file (list.txt, help.txt) of a new
 * run folder, no result files. */
void resfiles_open_text(const char *file);
bool resfiles_finish(void);
void resfiles_close(void);

/* wire_out.c: a copy of results.json (buf, n bytes) framed on the serial
 * console only (harness/wire.h): after a test (final false) when
 * results.serial= and verbose= call for one, and at the run's end.
 * before, if not NULL, runs just before a copy goes out (the progress
 * mark between tests: a reset during the copy must not take the results
 * before it for a test cut short). */
void wire_send(const void *buf, UINTN n, bool final, void (*before)(void));

/* watchdog.c: the firmware's and the chipset's watchdogs around each
 * test body, and debug.hang=. */
void watchdog_init(bool emulated);
bool watchdog_hardware(void); /* a chipset watchdog (the TCO) is armed too */
void watchdog_arm(unsigned seconds);
void watchdog_disarm(void);
void watchdog_hang_if(const char *id); /* never returns if debug.hang= names id */

/* endrun.c */
void end_run(int code) __attribute__((noreturn));

#endif
