/* Files on the medium the harness was loaded from: the config file and the
 * results folder \uncore-results\run-NNNN\ (a new one per run, numbered after
 * the highest already there). Result files are rfiles (harness/results.h):
 * every write is flushed before the next test starts, so what was reported
 * survives a hang or a reset. */
#include "efi/efi.h"
#include "lib/platform.h"
#include "harness/results.h"

#define RESULTS_DIR "\\uncore-results"
#define MAX_OPEN 8

static EFI_FILE_HANDLE root, run_dir;
static char run_name[16]; /* run_dir's */
static EFI_FILE_HANDLE open_files[MAX_OPEN];
static unsigned nopen;
static EFI_STATUS last_error; /* of the last failed write or flush */

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

/* The whole file or nothing: one larger than size is not read, the call
 * returns EFI_BUFFER_TOO_SMALL with its true size in *len, so the caller
 * can refuse it by name rather than use a truncated copy. The size comes
 * from EFI_FILE_INFO; should GetInfo fail, a read past size finds out and
 * counts the rest. */
EFI_STATUS medium_read(const CHAR16 *path, void *buf, UINTN size, UINTN *len)
{
	EFI_GUID info_guid = EFI_FILE_INFO_ID;
	UINT64 info[(SIZE_OF_EFI_FILE_INFO + 512) / 8];
	UINTN n = sizeof(info), total;
	EFI_FILE_HANDLE f;
	EFI_STATUS st;

	*len = 0;
	if (!root)
		return EFI_NOT_READY;
	st = root->Open(root, &f, (CHAR16 *)path, EFI_FILE_MODE_READ, 0);
	if (EFI_ERROR(st))
		return st;
	if (!EFI_ERROR(f->GetInfo(f, &info_guid, &n, info)) &&
	    ((EFI_FILE_INFO *)info)->FileSize > size) {
		*len = ((EFI_FILE_INFO *)info)->FileSize;
		f->Close(f);
		return EFI_BUFFER_TOO_SMALL;
	}
	*len = size;
	st = f->Read(f, len, buf);
	for (total = *len; !EFI_ERROR(st) && *len == size; total += n) {
		n = sizeof(info);
		st = f->Read(f, &n, info);
		if (!n)
			break;
	}
	if (!EFI_ERROR(st) && total > size) {
		*len = total;
		st = EFI_BUFFER_TOO_SMALL;
	}
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

EFI_STATUS medium_last_run_dir(char *name, size_t len)
{
	EFI_FILE_HANDLE top;
	unsigned n;
	EFI_STATUS st;

	if (!root)
		return EFI_NOT_READY;
	st = root->Open(root, &top, (CHAR16 *)L"\\uncore-results", EFI_FILE_MODE_READ, 0);
	if (EFI_ERROR(st))
		return st;
	n = highest_run(top);
	top->Close(top);
	if (!n)
		return EFI_NOT_FOUND;
	snprintf(name, len, "run-%04u", n);
	return EFI_SUCCESS;
}

/* \uncore-results\<name> as the run folder, made if need be; with name
 * NULL, the number after the highest there, its name into out. */
static EFI_STATUS open_run(const char *name, char *out, size_t len)
{
	EFI_FILE_HANDLE top;
	EFI_STATUS st;

	if (!root)
		return EFI_NOT_READY;
	st = open_dir(root, RESULTS_DIR, &top);
	if (EFI_ERROR(st))
		return st;
	if (!name) {
		snprintf(out, len, "run-%04u", highest_run(top) + 1);
		name = out;
	}
	snprintf(run_name, sizeof(run_name), "%s", name);
	st = open_dir(top, name, &run_dir);
	top->Close(top);
	return st;
}

/* An existing run folder, for a run that resumes (efi/progress.c). */
EFI_STATUS medium_open_run_dir(const char *name)
{
	return open_run(name, NULL, 0);
}

EFI_STATUS medium_new_run_dir(char *name, size_t len)
{
	return open_run(NULL, name, len);
}

static int failed(EFI_STATUS st)
{
	last_error = st;
	return -1;
}

static int efi_write_at(void *h, uint64_t off, const void *buf, size_t n)
{
	EFI_FILE_HANDLE f = h;
	UINTN len = n;
	EFI_STATUS st = f->SetPosition(f, off);

	if (EFI_ERROR(st))
		return failed(st);
	st = f->Write(f, &len, (void *)buf);
	if (EFI_ERROR(st))
		return failed(st);
	/* A short write without an error status is a full volume too. */
	return len != n ? failed(EFI_VOLUME_FULL) : 0;
}

static int efi_flush(void *h)
{
	EFI_FILE_HANDLE f = h;
	EFI_STATUS st = f->Flush(f);

	return EFI_ERROR(st) ? failed(st) : 0;
}

const char *medium_error(void)
{
	static char other[48];

	switch (last_error) {
	case EFI_VOLUME_FULL:
		return "the volume is full";
	case EFI_WRITE_PROTECTED:
		return "the volume is write-protected";
	case EFI_DEVICE_ERROR:
		return "device error";
	case EFI_MEDIA_CHANGED:
	case EFI_NO_MEDIA:
		return "the medium was removed or changed";
	default:
		if (!last_error)
			return "no error recorded";
		snprintf(other, sizeof(other), "write failed (EFI status 0x%lx)",
			 (unsigned long)last_error);
		return other;
	}
}

EFI_STATUS medium_space(uint64_t *free, uint32_t *cluster)
{
	EFI_GUID guid = EFI_FILE_SYSTEM_INFO_ID;
	UINT64 buf[(SIZE_OF_EFI_FILE_SYSTEM_INFO + 256) / 8];
	UINTN n = sizeof(buf);
	EFI_STATUS st;

	*free = 0;
	*cluster = 0;
	if (!root)
		return EFI_NOT_READY;
	st = root->GetInfo(root, &guid, &n, buf);
	if (EFI_ERROR(st))
		return st;
	if (((EFI_FILE_SYSTEM_INFO *)buf)->ReadOnly)
		return EFI_WRITE_PROTECTED;
	*free = ((EFI_FILE_SYSTEM_INFO *)buf)->FreeSpace;
	*cluster = ((EFI_FILE_SYSTEM_INFO *)buf)->BlockSize;
	return EFI_SUCCESS;
}

/* One SetInfo of the file's size. */
static EFI_STATUS set_size(EFI_FILE_HANDLE f, EFI_FILE_INFO *info, UINTN n, uint64_t size)
{
	EFI_GUID guid = EFI_FILE_INFO_ID;

	info->FileSize = size;
	return f->SetInfo(f, &guid, n, info);
}

/* A file's size set to at most keep, *size its size after. A reset can
 * leave a file's cluster chain longer than its size (the FAT written,
 * the directory entry not), which FAT drivers (OVMF's among them) find
 * only when the file next grows past a cluster, and then refuse as a
 * corrupt volume: so the size is first set one byte past keep, then to
 * keep, and the shrink frees whatever the chain holds past it (a grow
 * that finds the chain too long shrinks it back as well). */
static EFI_STATUS cut_to(EFI_FILE_HANDLE f, uint64_t keep, uint64_t *size)
{
	EFI_GUID guid = EFI_FILE_INFO_ID;
	UINT64 buf[(SIZE_OF_EFI_FILE_INFO + 512) / 8];
	EFI_FILE_INFO *info = (EFI_FILE_INFO *)buf;
	UINTN n = sizeof(buf);
	EFI_STATUS st = f->GetInfo(f, &guid, &n, buf);

	if (EFI_ERROR(st))
		return st;
	*size = info->FileSize;
	if (info->FileSize < keep)
		return EFI_SUCCESS;
	set_size(f, info, n, keep + 1);
	st = set_size(f, info, n, keep);
	if (!EFI_ERROR(st))
		st = f->Flush(f);
	*size = keep;
	return st;
}

/* Open (creating) file in the run folder, its size cut to at most keep,
 * as an rfile that appends at its end. */
static EFI_STATUS open_rfile(const char *file, uint64_t keep, struct rfile *rf)
{
	EFI_FILE_HANDLE f;
	CHAR16 path[64];
	uint64_t size = 0;
	EFI_STATUS st;

	memset(rf, 0, sizeof(*rf));
	if (!run_dir || nopen == MAX_OPEN)
		return EFI_NOT_READY;
	to_ucs2(path, ARRAY_SIZE(path), file);
	/* A file made here is empty and owns no cluster, so it is not cut:
	 * the cut's grow and shrink would take a cluster and free it again,
	 * and a reset between the FAT's write and the directory entry's
	 * would leave an entry naming a free cluster (docs/results.md, "A
	 * reset while writing"). */
	st = run_dir->Open(run_dir, &f, path, EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE, 0);
	if (st == EFI_NOT_FOUND)
		st = run_dir->Open(run_dir, &f, path,
				   EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE | EFI_FILE_MODE_CREATE, 0);
	else if (!EFI_ERROR(st)) {
		st = cut_to(f, keep, &size);
		if (EFI_ERROR(st))
			f->Close(f);
	}
	if (EFI_ERROR(st))
		return st;
	open_files[nopen++] = f;
	rf->write_at = efi_write_at;
	rf->flush = efi_flush;
	rf->h = f;
	rf->pos = size;
	return EFI_SUCCESS;
}

EFI_STATUS medium_create(const char *file, struct rfile *rf)
{
	return open_rfile(file, 0, rf);
}

EFI_STATUS medium_reopen(const char *file, uint64_t keep, struct rfile *rf)
{
	return open_rfile(file, keep, rf);
}

EFI_STATUS medium_read_run(const char *file, char **buf, UINTN *len)
{
	CHAR16 path[64];
	char name[64];
	UINTN size = 0;
	EFI_STATUS st;

	*buf = NULL;
	*len = 0;
	snprintf(name, sizeof(name), RESULTS_DIR "\\%s\\%s", run_name, file);
	to_ucs2(path, ARRAY_SIZE(path), name);
	/* The size first (a read into no room says it), then the whole. */
	st = medium_read(path, NULL, 0, &size);
	if (st != EFI_BUFFER_TOO_SMALL && EFI_ERROR(st))
		return st;
	st = g_bs->AllocatePool(EfiLoaderData, size + 1, (void **)buf);
	if (EFI_ERROR(st))
		return st;
	st = medium_read(path, *buf, size, len);
	if (EFI_ERROR(st)) {
		g_bs->FreePool(*buf);
		*buf = NULL;
		return st;
	}
	(*buf)[*len] = '\0';
	return EFI_SUCCESS;
}

/* FAT renames through SetInfo with a new FileName, but never over an
 * existing name: the old file goes first. In between the medium holds
 * tmp complete and no final (docs/results.md, "A reset while writing"). */
EFI_STATUS medium_replace(struct rfile *tmp, const char *final)
{
	EFI_GUID guid = EFI_FILE_INFO_ID;
	UINT64 buf[(SIZE_OF_EFI_FILE_INFO + 512) / 8];
	EFI_FILE_INFO *info = (EFI_FILE_INFO *)buf;
	EFI_FILE_HANDLE f = tmp->h;
	UINTN n = sizeof(buf);
	EFI_STATUS st;

	medium_drop(final);
	st = f->GetInfo(f, &guid, &n, buf);
	if (EFI_ERROR(st)) {
		failed(st);
		return st;
	}
	to_ucs2(info->FileName, 32, final);
	st = f->SetInfo(f, &guid, SIZE_OF_EFI_FILE_INFO + 2 * (strlen(final) + 1), buf);
	if (!EFI_ERROR(st))
		st = f->Flush(f);
	if (EFI_ERROR(st))
		failed(st);
	return st;
}

/* A file of the run folder deleted, if it is there. */
void medium_drop(const char *file)
{
	EFI_FILE_HANDLE f;
	CHAR16 path[64];

	to_ucs2(path, ARRAY_SIZE(path), file);
	if (run_dir && !EFI_ERROR(run_dir->Open(run_dir, &f, path,
						EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE, 0)))
		f->Delete(f); /* closes it too */
}

void medium_discard(struct rfile *rf)
{
	EFI_FILE_HANDLE f = rf->h;
	unsigned i;

	for (i = 0; i < nopen && open_files[i] != f; i++)
		;
	if (i == nopen)
		return;
	open_files[i] = open_files[--nopen];
	f->Delete(f); /* closes it too */
	rf->h = NULL;
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
