/* Files on the medium the harness was loaded from: the config file and the
 * results folder \uncore-results\run-NNNN\ (a new one per run, numbered after
 * the highest already there). Result files are rfiles (tests/fw/results.h):
 * every write is flushed before the next test starts, so what was reported
 * survives a hang or a reset. */
#include "efi.h"
#include "platform.h"
#include "../tests/fw/results.h"

#define RESULTS_DIR "\\uncore-results"
#define MAX_OPEN 8

static EFI_FILE_HANDLE root, run_dir;
static EFI_FILE_HANDLE open_files[MAX_OPEN];
static unsigned nopen;

static void to_ucs2(CHAR16 *dst, size_t n, const char *src)
{
	size_t i;

	for (i = 0; i + 1 < n && src[i]; i++)
		dst[i] = (CHAR16)(unsigned char)src[i];
	dst[i] = 0;
}

EFI_STATUS medium_open(void)
{
	EFI_GUID li_guid = LOADED_IMAGE_PROTOCOL, fs_guid = SIMPLE_FILE_SYSTEM_PROTOCOL;
	EFI_LOADED_IMAGE *li;
	EFI_FILE_IO_INTERFACE *fs;
	EFI_STATUS st;

	st = g_bs->HandleProtocol(g_image, &li_guid, (void **)&li);
	if (EFI_ERROR(st))
		return st;
	st = g_bs->HandleProtocol(li->DeviceHandle, &fs_guid, (void **)&fs);
	if (EFI_ERROR(st))
		return st;
	return fs->OpenVolume(fs, &root);
}

EFI_STATUS medium_read(const CHAR16 *path, void *buf, UINTN size, UINTN *len)
{
	EFI_FILE_HANDLE f;
	EFI_STATUS st;

	*len = 0;
	if (!root)
		return EFI_NOT_READY;
	st = root->Open(root, &f, (CHAR16 *)path, EFI_FILE_MODE_READ, 0);
	if (EFI_ERROR(st))
		return st;
	*len = size;
	st = f->Read(f, len, buf);
	f->Close(f);
	return st;
}

/* "run-0042" -> 42; anything else -> 0 */
static unsigned run_number(const CHAR16 *name)
{
	static const char prefix[] = "run-";
	unsigned i, n = 0;

	for (i = 0; prefix[i]; i++)
		if (name[i] != (CHAR16)prefix[i] && name[i] != (CHAR16)(prefix[i] - 32))
			return 0;
	for (; name[i]; i++) {
		if (name[i] < '0' || name[i] > '9' || n > 100000)
			return 0;
		n = n * 10 + (name[i] - '0');
	}
	return n;
}

static unsigned highest_run(EFI_FILE_HANDLE dir)
{
	UINT64 buf[(sizeof(EFI_FILE_INFO) + 512) / 8];
	unsigned best = 0;

	dir->SetPosition(dir, 0);
	for (;;) {
		UINTN n = sizeof(buf);
		EFI_FILE_INFO *info = (EFI_FILE_INFO *)buf;
		unsigned r;

		if (EFI_ERROR(dir->Read(dir, &n, buf)) || n == 0)
			break;
		r = run_number(info->FileName);
		if (r > best)
			best = r;
	}
	return best;
}

static EFI_STATUS open_dir(EFI_FILE_HANDLE parent, const char *name, EFI_FILE_HANDLE *out)
{
	CHAR16 path[64];

	to_ucs2(path, ARRAY_SIZE(path), name);
	return parent->Open(parent, out, path,
			    EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE,
			    EFI_FILE_DIRECTORY);
}

EFI_STATUS medium_new_run_dir(char *name, size_t len)
{
	EFI_FILE_HANDLE top;
	EFI_STATUS st;

	if (!root)
		return EFI_NOT_READY;
	st = open_dir(root, RESULTS_DIR, &top);
	if (EFI_ERROR(st))
		return st;
	snprintf(name, len, "run-%04u", highest_run(top) + 1);
	st = open_dir(top, name, &run_dir);
	top->Close(top);
	return st;
}

static int efi_write_at(void *h, uint64_t off, const void *buf, size_t n)
{
	EFI_FILE_HANDLE f = h;
	UINTN len = n;

	if (EFI_ERROR(f->SetPosition(f, off)))
		return -1;
	return EFI_ERROR(f->Write(f, &len, (void *)buf)) || len != n ? -1 : 0;
}

static int efi_flush(void *h)
{
	EFI_FILE_HANDLE f = h;

	return EFI_ERROR(f->Flush(f)) ? -1 : 0;
}

EFI_STATUS medium_create(const char *file, struct rfile *rf)
{
	EFI_FILE_HANDLE f;
	CHAR16 path[64];
	EFI_STATUS st;

	memset(rf, 0, sizeof(*rf));
	if (!run_dir || nopen == MAX_OPEN)
		return EFI_NOT_READY;
	to_ucs2(path, ARRAY_SIZE(path), file);
	st = run_dir->Open(run_dir, &f, path,
			   EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE, 0);
	if (EFI_ERROR(st))
		return st;
	open_files[nopen++] = f;
	rf->write_at = efi_write_at;
	rf->flush = efi_flush;
	rf->h = f;
	return EFI_SUCCESS;
}

void medium_close_all(void)
{
	while (nopen) {
		EFI_FILE_HANDLE f = open_files[--nopen];

		f->Close(f);
	}
	if (run_dir)
		run_dir->Close(run_dir);
	run_dir = NULL;
}
