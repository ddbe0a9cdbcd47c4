// SPDX-License-Identifier: GPL-2.0
/*
 * The teaching tree compiled into the binary (examples_data.c, made by
 * build-aux/embed-files.sh from examples/): what kbrowse opens when no
 * tree is given, served to the loader as if read from disk.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "examples.h"
#include "util.h"

const char *example_file_text(const char *name, size_t *len)
{
	if (strncmp(name, "./", 2) == 0)
		name += 2;
	for (const struct example_file *f = example_files; f->name; f++) {
		if (strcmp(f->name, name) == 0) {
			*len = f->len;
			return f->text;
		}
	}
	return NULL;
}

/* mkdir -p for the directories of path (not its last part). */
static int make_parents(char *path)
{
	for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			*slash = '/';
			return -1;
		}
		*slash = '/';
	}
	return 0;
}

static bool write_all(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t n = write(fd, text, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		text += n;
		len -= (size_t)n;
	}
	return true;
}

int examples_write(const char *dir, const char *prog)
{
	unsigned written = 0, kept = 0;
	int status = EXIT_OK;

	for (const struct example_file *f = example_files; f->name; f++) {
		size_t size = strlen(dir) + strlen(f->name) + 2;
		char *path = xmalloc(size);
		int fd;

		snprintf(path, size, "%s/%s", dir, f->name);
		if (make_parents(path) != 0) {
			fprintf(stderr, "%s: --write-examples: cannot make the directories of %s: %s\n",
				prog, path, strerror(errno));
			free(path);
			return EXIT_INPUT;
		}
		/* Never over a file: it may hold the student's edits. */
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
		if (fd < 0 && errno == EEXIST) {
			fprintf(stderr, "%s: --write-examples: %s exists: left as it is\n",
				prog, path);
			kept++;
		} else if (fd < 0 || !write_all(fd, f->text, f->len) || close(fd) != 0) {
			fprintf(stderr, "%s: --write-examples: cannot write %s: %s\n",
				prog, path, strerror(errno));
			status = EXIT_INPUT;
		} else {
			written++;
		}
		free(path);
	}
	printf("%s: wrote the teaching tree to %s (%u files%s)", prog, dir, written,
	       kept ? ", some left as they were" : "");
	printf("; open it with: %s -C %s\n", prog, dir);
	return status;
}
