/*
 * Reading a second tree beside the one being worked on.
 *
 * conf opens a Kconfig file as named before looking under $srctree, so
 * from the new tree's top "Kconfig" would be the new tree's own: the old
 * tree is read from its own top.  Its $(shell,...) probes still run
 * where kbrowse works, as the new tree's do: the kernel's cc-option
 * makes and removes a directory where it runs, and the old tree may be
 * read-only (every such probe would then answer n) or shared.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "config_io.h"
#include "kernel_env.h"
#include "old_tree.h"
#include "util.h"

/* Where kbrowse works, absolute: kept for the process (sessions point at it). */
static const char *working_dir(void)
{
	static char *dir;

	if (!dir)
		dir = getcwd(NULL, 0);
	return dir;
}

/* Back to where we were: files named later are relative to it. */
static void return_to(int here)
{
	if (fchdir(here) != 0) {
		perror("kbrowse: cannot return to the working directory");
		exit(EXIT_INPUT);
	}
	close(here);
}

struct session *old_tree_open(const struct kconfig_options *base, const char *dir,
			      int *errors)
{
	struct kconfig_options opts = *base;
	struct config_io_options io = { 0 };
	struct kernel_env_saved saved;
	const char *probes_dir = working_dir();
	struct session *old;
	int here = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	*errors = 0;
	if (here < 0 || !probes_dir || chdir(dir) != 0) {
		int err = errno;

		if (here >= 0)
			close(here);
		errno = err;
		return NULL;
	}
	kernel_env_enter(dir, &saved);
	opts.srctree = dir;
	opts.kconfig = "Kconfig";
	opts.dialect = NULL;		/* each tree is read by its own rules */
	opts.dialect_why = NULL;
	if (!opts.shell_dir)
		opts.shell_dir = probes_dir;
	kernel_env_config_io(&io);
	old = session_open(&(struct session_options){ .tree = opts,
						     .tree_only = true, .io = io },
			   errors);
	kernel_env_leave(&saved);
	return_to(here);
	return old;
}
