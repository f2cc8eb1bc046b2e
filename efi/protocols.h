/* UEFI/PI protocols the harness needs that gnu-efi's headers lack:
 * EFI_MP_SERVICES_PROTOCOL (PI spec vol. 2, 13.4), EFI_CPU_ARCH_PROTOCOL
 * (PI spec vol. 2, 12.3) and EFI_TIMER_ARCH_PROTOCOL (PI spec vol. 2, 12.10).
 * Layouts as verified on OVMF (docs/platform-notes.md#protocol-layouts). Built
 * with GNU_EFI_USE_MS_ABI, so EFIAPI marks the firmware's calling convention
 * (docs/platform-notes.md#calling-convention). */
#ifndef EFI_PROTOCOLS_H
#define EFI_PROTOCOLS_H

#include <efi.h>
#include <efidebug.h>

#define MP_SERVICES_GUID \
	{ 0x3fdda605, 0xa76e, 0x4f46, { 0xad, 0x29, 0x12, 0xf4, 0x53, 0x1b, 0x3d, 0x08 } }
#define CPU_ARCH_GUID \
	{ 0x26baccb1, 0x6f42, 0x11d4, { 0xbc, 0xe7, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 } }

typedef VOID (EFIAPI *AP_PROCEDURE)(VOID *arg);

/* GetProcessorInfo output: 48 bytes with the extended location, which the
 * firmware fills only when bit 24 of the processor number is set. */
typedef struct {
	UINT64 ProcessorId; /* APIC id */
	UINT32 StatusFlag;  /* bit0 BSP, bit1 enabled, bit2 healthy */
	UINT32 Package, Core, Thread;
	UINT32 ExtPackage, ExtModule, ExtTile, ExtDie, ExtCore, ExtThread;
} MP_PROCESSOR_INFO;

typedef struct _MP_SERVICES MP_SERVICES;
struct _MP_SERVICES {
	EFI_STATUS (EFIAPI *GetNumberOfProcessors)(MP_SERVICES *, UINTN *total, UINTN *enabled);
	EFI_STATUS (EFIAPI *GetProcessorInfo)(MP_SERVICES *, UINTN n, MP_PROCESSOR_INFO *);
	EFI_STATUS (EFIAPI *StartupAllAPs)(MP_SERVICES *, AP_PROCEDURE, BOOLEAN single_thread,
					   EFI_EVENT wait, UINTN timeout_us, VOID *arg,
					   UINTN **failed);
	EFI_STATUS (EFIAPI *StartupThisAP)(MP_SERVICES *, AP_PROCEDURE, UINTN n, EFI_EVENT wait,
					   UINTN timeout_us, VOID *arg, BOOLEAN *finished);
	EFI_STATUS (EFIAPI *SwitchBSP)(MP_SERVICES *, UINTN n, BOOLEAN enable_old);
	EFI_STATUS (EFIAPI *EnableDisableAP)(MP_SERVICES *, UINTN n, BOOLEAN enable, UINT32 *health);
	EFI_STATUS (EFIAPI *WhoAmI)(MP_SERVICES *, UINTN *n);
};

typedef VOID (EFIAPI *CPU_INTERRUPT_HANDLER)(EFI_EXCEPTION_TYPE type, EFI_SYSTEM_CONTEXT ctx);

typedef struct _CPU_ARCH CPU_ARCH;
struct _CPU_ARCH {
	VOID *FlushDataCache;
	VOID *EnableInterrupt;
	VOID *DisableInterrupt;
	VOID *GetInterruptState;
	VOID *Init;
	EFI_STATUS (EFIAPI *RegisterInterruptHandler)(CPU_ARCH *, EFI_EXCEPTION_TYPE,
						      CPU_INTERRUPT_HANDLER);
	VOID *GetTimerValue; /* period wrong on OVMF (docs/platform-notes.md#timer-period) */
	VOID *SetMemoryAttributes;
	UINT32 NumberOfTimers;
	UINT32 DmaBufferAlignment;
};

#define TIMER_ARCH_GUID \
	{ 0x26baccb3, 0x6f42, 0x11d4, { 0xbc, 0xe7, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 } }

/* Periods in 100 ns units; 0 from SetTimerPeriod's caller disables it. */
typedef struct _TIMER_ARCH TIMER_ARCH;
struct _TIMER_ARCH {
	VOID *RegisterHandler;
	EFI_STATUS (EFIAPI *SetTimerPeriod)(TIMER_ARCH *, UINT64 period);
	EFI_STATUS (EFIAPI *GetTimerPeriod)(TIMER_ARCH *, UINT64 *period);
	VOID *GenerateSoftInterrupt;
};

#endif
