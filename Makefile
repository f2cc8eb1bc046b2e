# uncore-harness: one entry point for build, images, QEMU runs and checks.
#   make            build/uncore-harness.efi
#   make esp        build/esp.img   (FAT image: EFI/BOOT/BOOTX64.EFI + config)
#   make usb        build/usb.img   (GPT disk with one EFI System Partition)
#   make qemu       boot it under QEMU+OVMF (CPU= SMP= SOCKETS= OPTS= TIMEOUT=
#                   CAP= WIRE=1)
#   make check      host unit tests, mutation matrix, QEMU runs; ends with
#                   "N passed, N failed"
#   make bench      boot-time benchmark against a minimal EFI app, and the
#                   discovery suite's cost per unit (scripts/bench-disc.sh)
#   make mutation   the uncore suite against every injected emulator defect
#                   (host build; a subset also under QEMU)
#   make host-suite build/host/suite: the uncore suite as a Linux program
#   make host-tests host unit tests only
#   make regs       every register the harness knows, as CSV (build/host/regs
#                   --defects, --mutation: the defect lists and the mutation
#                   rows for the scripts; --docs-defects, --docs-gens: the
#                   tables make docs writes; ARGS=--constraints: every
#                   event rule of every generation, as CSV)
#   make replay TRACE=file  a verbose=3 trace played on the emulated model
#   make trace-spec which code and tests cite each spec statement (SPEC=dir)
#   make docs       docs/tests.md, the test catalogue, from the test tables,
#                   and the defect and generation tables of docs/defects.md
#                   and docs/design.md (ci/docs_tables.py)
#   make report RESULTS=dir [BASE=dir] [OUT=file]  one HTML file (default
#                   dir/report.html): identity, verdicts, plots, and with BASE
#                   the comparison with that run (tools/report.py)

VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
B       := build

EFI_INC := /usr/include/efi
EFI_LIB := /usr/lib
EFI_CRT := $(EFI_LIB)/crt0-efi-x86_64.o
EFI_LDS := $(EFI_LIB)/elf_x86_64_efi.lds

CC      ?= gcc
WARN    := -Wall -Wextra -Werror
TCFLAGS := $(WARN) -std=gnu11 -O2 -g0 -ffreestanding -fno-stack-protector \
           -fno-strict-aliasing -fpic -fshort-wchar -mno-red-zone \
           -mgeneral-regs-only -maccumulate-outgoing-args -fno-builtin \
           -I$(EFI_INC) -I$(EFI_INC)/x86_64 -I$(EFI_INC)/protocol -I. -DGNU_EFI_USE_MS_ABI \
           -DHARNESS_VERSION='"$(VERSION)"'
TLDFLAGS := -nostdlib -znocombreloc -z defs -T $(EFI_LDS) -shared -Bsymbolic \
            -L$(EFI_LIB) $(EFI_CRT)
HCFLAGS := $(WARN) -std=gnu11 -O1 -g -DHOST -I. -DHARNESS_VERSION='"$(VERSION)"'

# The folders by role (docs/development.md, Source tree). Every C file of a
# folder is found by find, so a new generation's folders need no edit here.
srcs = $(sort $(shell find $(1) -name '*.c' 2>/dev/null))
# The run around the suites (session, state brackets, leaving the machine as
# found, the tests' CPU topology): it calls the suites and every CPU, so it
# links with the suites, not into the unit tests.
RUN      := $(addprefix harness/,session.c state.c leave.c cpu_topo.c disc_tables.c)
# Portable code: compiled into the EFI app and into the host tests. The
# rows of `make mutation` (pmu/emu/mutation.c) are build/host/regs's alone.
MUTATION := pmu/emu/mutation.c
PORTABLE := $(filter-out pmu/backend/hw.c $(RUN) $(MUTATION),lib/identity_text.c \
              efi/platform/smbios.c efi/platform/acpi.c $(call srcs,harness pmu))
# The suites' code: every folder of suites/ but the self-tests (suites/self),
# which the host suite has not, and the run around them.
SUITES   := $(filter-out suites/self/%,$(call srcs,suites)) $(RUN)
# Target-only code.
TARGET   := lib/rt.c pmu/backend/hw.c $(SUITES) $(call srcs,efi arch suites/self) \
            $(wildcard arch/*.S)
TARGET   := $(filter-out $(PORTABLE),$(TARGET))
T_OBJS   := $(patsubst %,$(B)/t/%.o,$(TARGET) $(PORTABLE))
H_OBJS   := $(patsubst %,$(B)/h/%.o,$(PORTABLE) host/platform_host.c \
              host/platform_common.c host/platform_pci.c)
# The host suite (build/host/suite): the uncore and core PMU suites and the
# session around them on the threaded host platform, against the emulated
# uncore and core PMU.
SUITE    := $(SUITES) host/platform_threads.c host/platform_common.c host/platform_pci.c \
            host/clock.c
S_OBJS   := $(patsubst %,$(B)/h/%.o,$(PORTABLE) $(SUITE))
# Unit tests: tests/ mirrors the tree; each test_*.c is one host binary,
# build/host/test_*, named by its file alone.
H_TEST_SRC := $(shell find tests -name 'test_*.c')
H_TESTS  := $(patsubst %.c,$(B)/host/%,$(notdir $(H_TEST_SRC)))
H_SHELL  := $(shell find tests \( -name 'test_*.sh' -o -name 'test_*.py' \) | awk -F/ '{print $$NF, $$0}' | sort | cut -d' ' -f2)
vpath test_%.c $(sort $(dir $(H_TEST_SRC)))
HEADERS  := $(shell find lib arch pmu harness suites efi host tests -name '*.h')

.PHONY: all esp usb qemu check host-tests host-suite bench deps clean regs trace-spec mutation replay \
        report FORCE
all: $(B)/uncore-harness.efi

$(B)/t/%.c.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(TCFLAGS) -c $< -o $@
$(B)/t/%.S.o: %.S
	@mkdir -p $(dir $@)
	@echo "  CC $<"; $(CC) $(TCFLAGS) -c $< -o $@
$(B)/h/%.c.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC $<"; $(CC) $(HCFLAGS) -c $< -o $@

# The version baked into harness/session.c (results' "version"): its objects
# rebuild when `git describe` changes (a commit, the tree turning dirty),
# not only when a source does; the file is rewritten only when it differs.
$(B)/version: FORCE
	@mkdir -p $(B); echo '$(VERSION)' | cmp -s - $@ || echo '$(VERSION)' > $@
$(B)/t/harness/session.c.o $(B)/h/harness/session.c.o: $(B)/version
FORCE:

$(B)/%.so: 
	@mkdir -p $(dir $@)
	@echo "  LD $@"; ld $(TLDFLAGS) $^ -o $@ -lefi -lgnuefi
$(B)/uncore-harness.so: $(T_OBJS)
$(B)/minimal.so: $(B)/t/scripts/minimal.c.o

$(B)/%.efi: $(B)/%.so
	objcopy -j .text -j .sdata -j .data -j .rodata -j .dynamic -j .dynsym \
	  -j .rel -j .rela -j .rel.* -j .rela.* -j .reloc \
	  --output-target=efi-app-x86_64 $< $@

$(B)/host/test_%: test_%.c $(H_OBJS)
	@mkdir -p $(dir $@)
	@echo "  HOSTLD $@"; $(CC) $(HCFLAGS) $^ -o $@ -lcmocka
# The on-target code a host test exercises besides the portable set.
$(B)/host/test_state: $(B)/h/harness/state.c.o
$(B)/host/test_backend_emu_hybrid: $(B)/h/harness/cpu_topo.c.o
$(B)/host/test_core_state: $(B)/h/suites/core/state.c.o $(B)/h/harness/cpu_topo.c.o

$(B)/host/suite: host/suite.c $(S_OBJS)
	@mkdir -p $(dir $@)
	@echo "  HOSTLD $@"; $(CC) $(HCFLAGS) $^ -o $@ -lpthread

$(B)/host/regs: scripts/regs.c $(MUTATION) $(H_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(HCFLAGS) $^ -o $@

$(B)/host/bench_msr: scripts/bench_msr.c $(H_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(HCFLAGS) -O2 $^ -o $@

# make replay TRACE=file: a verbose=3 run's register trace played on the
# emulated model of its generation (host/replay/replay.c).
REPLAY := host/replay/parse.c host/replay/compare.c
$(B)/host/replay: host/replay/replay.c $(REPLAY) $(H_OBJS)
	@mkdir -p $(dir $@)
	@echo "  HOSTLD $@"; $(CC) $(HCFLAGS) $^ -o $@
$(B)/host/test_replay_parse: host/replay/parse.c

regs: $(B)/host/regs
	@$(B)/host/regs $(ARGS)

replay: $(B)/host/replay
	@test -n '$(TRACE)' || { echo "usage: make replay TRACE=file (a verbose=3 run's serial log or log.txt)"; exit 2; }
	@$(B)/host/replay '$(TRACE)'

# make report RESULTS=dir [BASE=dir] [OUT=file]: a run folder (as make qemu
# leaves in $(B)/results/run-NNNN, or one copied off a stick) as one HTML
# file; the script prints where it wrote it.
report:
	@test -n '$(RESULTS)' || { echo "usage: make report RESULTS=run-folder [BASE=run-folder] [OUT=file.html]"; exit 2; }
	@/usr/bin/python3 -m tools.report '$(RESULTS)' $(if $(BASE),--base '$(BASE)') $(if $(OUT),--out '$(OUT)')

.PHONY: docs
docs: $(B)/host/regs
	@ci/catalogue.py --out docs/tests.md
	@ci/docs_tables.py --regs $(B)/host/regs

SPEC ?= docs/spec
trace-spec:
	@ci/trace_spec.py --spec $(SPEC)

deps:
	@scripts/deps.sh

esp: $(B)/esp.img
$(B)/esp.img: $(B)/uncore-harness.efi scripts/uncore-harness.cfg scripts/mkesp.sh
	scripts/mkesp.sh $@ $(B)/uncore-harness.efi scripts/uncore-harness.cfg

usb: $(B)/usb.img
$(B)/usb.img: $(B)/esp.img scripts/mkusb.sh
	scripts/mkusb.sh $@ $(B)/esp.img

# OVMF's UEFI variables as the firmware leaves them once it has booted the
# image's disk (boot options, consoles, language): make check's boots start
# from a copy (scripts/qemu.sh --vars, ci/boots.py) and skip about 26,000
# of the 32,700 flash writes an empty store costs each boot. Taken when
# the firmware starts the app, so the app's version does not matter.
$(B)/ovmf-vars.fd: scripts/qemu.sh $(wildcard /usr/share/OVMF/OVMF_VARS*.fd) | $(B)/esp.img
	@scripts/qemu.sh --image $(B)/esp.img --quiet --until '^BdsDxe: starting' \
	  --serial-log $@.log --keep-vars $@.new 2>/dev/null; \
	  grep -qa '^BdsDxe: starting' $@.log && mv $@.new $@ \
	  || { echo "$@: the firmware did not start the disk's app (its console: $@.log)" >&2; exit 1; }

# The default topology runs every routing and package test: 4 CPUs in 2
# packages.
CPU     ?= Nehalem
SMP     ?= 4
SOCKETS ?= 2
OPTS    ?=
TIMEOUT ?= 120
# OPTS reaches the recipe through the environment, never pasted into its
# text, so that any quote in it is the user's (medium.py splits it as a
# shell would: OPTS='tag="my run"').
export OPTS
# GNU make ends with its own status 2 whenever a recipe fails, whatever the
# recipe's code: the harness's exit code is named on the last line and kept
# in $(B)/qemu.exit (scripts/qemu.sh itself exits with it).
qemu: deps $(B)/esp.img
	@code=0; scripts/qemu.sh --image $(B)/esp.img --cpu '$(CPU)' --smp $(SMP) \
	  --sockets $(SOCKETS) --timeout $(TIMEOUT) $(if $(CAP),--cap $(CAP)) \
	  $(if $(filter 1,$(WIRE)),--wire) --opts "$$OPTS" --opts-from 'make qemu OPTS' \
	  --serial-log $(B)/serial.log --results $(B)/results || code=$$?; \
	echo $$code > $(B)/qemu.exit; \
	echo "make qemu: exit code $$code ($$(scripts/exit-code.sh $$code))"; exit $$code

host-suite: $(B)/host/suite

host-tests: $(H_TESTS) $(B)/host/replay $(B)/host/regs $(B)/host/suite
	@ci/run-host-tests.sh $(H_TESTS) $(H_SHELL)

check: deps
	@$(MAKE) --no-print-directory all esp usb $(B)/minimal.efi $(H_TESTS) $(B)/host/suite $(B)/host/replay \
	  $(B)/host/regs $(B)/ovmf-vars.fd
	@ci/check.sh

mutation: deps $(B)/esp.img $(B)/host/suite $(B)/host/regs
	@B=$(B) ci/mutation.sh

bench: deps $(B)/esp.img $(B)/minimal.efi $(B)/host/bench_msr
	scripts/bench.sh
	scripts/bench-disc.sh
	@$(B)/host/bench_msr

clean:
	rm -rf $(B)
