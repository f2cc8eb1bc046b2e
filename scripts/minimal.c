/* The benchmark's baseline (make bench): the smallest gnu-efi app that
 * prints one line and leaves QEMU through isa-debug-exit, built by the same
 * Makefile with the same flags as the harness. */
#include <efi.h>

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st);
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st)
{
	(void)image;
	st->ConOut->OutputString(st->ConOut, L"minimal: hello\r\n");
	__asm__ volatile("outl %0, %1" : : "a"(0u), "Nd"((uint16_t)0xf4));
	st->RuntimeServices->ResetSystem(EfiResetShutdown, EFI_SUCCESS, 0, NULL);
	return EFI_SUCCESS;
}
