// SPDX-License-Identifier: GPL-2.0
/*
 * Replacing a file through a temporary file beside it (file_replace.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* mkostemps() */
#endif
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "file_replace.h"
#include "util.h"

/* Created exclusively by mkostemps(), which fills in the X's. */
#define TEMP_SUFFIX	".XXXXXX.tmp"
#define TEMP_SUFFIX_KEPT	4	/* ".tmp" after the X's */
/* A temporary file this old, and unlocked, belongs to a dead writer. */
#define TEMP_STALE_SECONDS	60

static unsigned new_file_perms(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~(unsigned)mask;
}

static unsigned perms_for(const char *target, enum file_replace_mode mode)
{
	struct stat st;

	switch (mode) {
	case FILE_REPLACE_PRIVATE:
		return 0600;
	case FILE_REPLACE_KEEP:
		if (stat(target, &st) == 0 && S_ISREG(st.st_mode))
			return (unsigned)st.st_mode & 07777;
		break;
	case FILE_REPLACE_NEW:
		break;
	}
	return new_file_perms();
}

/* Record the first failure (errno, or EIO when none was set). */
static void fail(struct file_replace *r, const char *step, int error)
{
	if (r->step)
		return;
	r->step = step;
	r->error = error ? error : EIO;
}

static void remove_temp(struct file_replace *r)
{
	if (r->temp) {
		unlink(r->temp);
		free(r->temp);
		r->temp = NULL;
	}
}

/*
 * The stream's writes: the first failure is kept with its errno, which
 * stdio would not keep until the caller looks (a full disk, a file too
 * large, an I/O error).
 */
static ssize_t replace_write(void *cookie, const char *data, size_t len)
{
	struct file_replace *r = cookie;
	size_t done = 0;

	if (r->step)
		return -1;
	while (done < len) {
		ssize_t n = write(r->fd, data + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			fail(r, "write it", n < 0 ? errno : ENOSPC);
			return -1;
		}
		done += (size_t)n;
	}
	return (ssize_t)len;
}

static int replace_close(void *cookie)
{
	struct file_replace *r = cookie;

	if (close(r->fd) != 0) {
		fail(r, "write it", errno);
		return EOF;
	}
	return 0;
}

FILE *file_replace_open(struct file_replace *r, const char *target,
			enum file_replace_mode mode, bool sync)
{
	size_t len = strlen(target);

	memset(r, 0, sizeof(*r));
	r->target = target;
	r->sync = sync;
	r->perms = perms_for(target, mode);
	r->temp = xmalloc(len + sizeof(TEMP_SUFFIX));
	memcpy(r->temp, target, len);
	memcpy(r->temp + len, TEMP_SUFFIX, sizeof(TEMP_SUFFIX));
	r->fd = mkostemps(r->temp, TEMP_SUFFIX_KEPT, O_CLOEXEC);
	if (r->fd < 0) {
		fail(r, "create a temporary file in its directory", errno);
		free(r->temp);
		r->temp = NULL;
		return NULL;
	}
	/* Held while we write: file_replace_remove_stale() leaves it. */
	(void)flock(r->fd, LOCK_EX | LOCK_NB);
	r->out = fopencookie(r, "w", (cookie_io_functions_t){
		.write = replace_write,
		.close = replace_close,
	});
	if (!r->out)
		out_of_memory();
	return r->out;
}

int file_replace_close(struct file_replace *r)
{
	if (!r->out)
		goto out;
	/* A failed write was recorded by replace_write(), with its errno. */
	if (fflush(r->out) != 0 || ferror(r->out))
		fail(r, "write it", EIO);
	else if (fchmod(r->fd, r->perms) != 0)
		fail(r, "set its mode", errno);
	else if (r->sync && fsync(r->fd) != 0)
		fail(r, "write it to the disk", errno);
	fclose(r->out);		/* closes fd; a failure is recorded */
	r->out = NULL;
out:
	if (r->step) {
		remove_temp(r);
		return -1;
	}
	return 0;
}

int file_replace_commit(struct file_replace *r)
{
	int ret = file_replace_close(r);

	if (!ret && r->temp && rename(r->temp, r->target) != 0) {
		fail(r, "rename a temporary file over it", errno);
		ret = -1;
	}
	if (ret)
		remove_temp(r);
	free(r->temp);
	r->temp = NULL;
	return ret;
}

void file_replace_abort(struct file_replace *r)
{
	if (r->out) {
		fail(r, "write it", ECANCELED);	/* no more writes */
		fclose(r->out);
	}
	r->out = NULL;
	remove_temp(r);
}

const char *file_replace_error(const struct file_replace *r, char *buf,
			       size_t size)
{
	snprintf(buf, size, "%s: cannot %s: %s", r->target ? r->target : "file",
		 r->step ? r->step : "write it", strerror(r->error ? r->error : EIO));
	return buf;
}

int file_replace_bytes(const char *target, const void *data, size_t len,
		       enum file_replace_mode mode, bool sync, char *err,
		       size_t errlen)
{
	struct file_replace r;
	FILE *out = file_replace_open(&r, target, mode, sync);

	if (out && len)
		fwrite(data, 1, len, out);	/* failures: in r */
	if (err && errlen)
		err[0] = '\0';
	if (!out || file_replace_commit(&r) != 0) {
		if (err)
			file_replace_error(&r, err, errlen);
		return -1;
	}
	return 0;
}

/* Is name base + ".XXXXXX.tmp", as file_replace_open() names its files? */
static bool is_temp_of(const char *name, const char *base)
{
	size_t len = strlen(base), i;

	if (strncmp(name, base, len) || name[len] != '.')
		return false;
	for (i = len + 1; i < len + 7; i++)
		if (!name[i] || !(isalnum((unsigned char)name[i])))
			return false;
	return !strcmp(name + len + 7, ".tmp");
}

/*
 * Remove one candidate if it is ours and its writer is gone: a regular
 * file (never followed), owned by us, old, and nobody holds its lock.
 */
static void remove_if_stale(int dirfd, const char *name, time_t now)
{
	struct stat st;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
			O_CLOEXEC);

	if (fd < 0)
		return;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_uid == geteuid() && st.st_mtime + TEMP_STALE_SECONDS < now &&
	    flock(fd, LOCK_EX | LOCK_NB) == 0)
		unlinkat(dirfd, name, 0);
	close(fd);
}

void file_replace_remove_stale(const char *target)
{
	const char *slash = strrchr(target, '/');
	const char *base = slash ? slash + 1 : target;
	char *dir = slash ? xmemdup(target, (size_t)(slash - target + 1))
			  : xstrdup(".");
	DIR *d = opendir(dir);
	struct dirent *e;
	time_t now = time(NULL);

	free(dir);
	if (!d)
		return;
	while ((e = readdir(d)))
		if (is_temp_of(e->d_name, base))
			remove_if_stale(dirfd(d), e->d_name, now);
	closedir(d);
}
