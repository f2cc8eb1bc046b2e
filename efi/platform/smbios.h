/* SMBIOS (DMTF DSP0134) as the UEFI platform reads it for plat_identity
 * (efi/platform/identity.c): where the structure table is and the strings of types
 * 0, 1 and 2 (efi/platform/smbios.c). Portable, so the host tests hand in bytes. */
#ifndef EFI_SMBIOS_H
#define EFI_SMBIOS_H

#include "lib/identity.h"

/* Where the structure table is, from an entry point ("_SM_" 2.x, 31 bytes,
 * or 30 as some 2.1 firmware says, or "_SM3_" 3.x, 24 bytes): false if ep
 * is neither (bad anchor, length or checksum). Sets the version too. */
bool smbios_entry(const void *ep, size_t len, uint64_t *table, uint32_t *table_len,
		  struct smbios_ident *id);
/* Types 0, 1 and 2 from a structure table of len bytes (the first of each
 * type; a structure cut by len, or the end-of-table type 127, ends it). */
void smbios_read(const void *table, size_t len, struct smbios_ident *id);

#endif
