/*
 * out_file.h - writing a report file safely (out_file.c).
 *
 * The output is written to a new temporary file in the same directory and
 * renamed over PATH at the end, so a failed report leaves nothing
 * half-written.  Nothing is ever written through a symbolic link: PATH is
 * refused ("mmiocheck: PATH: reason", exit 2) when it is a symbolic link
 * or not a regular file, or when a directory component of PATH, as given,
 * is a symbolic link.  The directory is opened one component at a time
 * with O_NOFOLLOW and the temporary file with O_CREAT|O_EXCL|O_NOFOLLOW,
 * so a link planted while the report is written is not followed either
 * (the rename replaces a link, it does not write through it).
 */
#ifndef MMIOCHECK_CLI_OUT_FILE_H
#define MMIOCHECK_CLI_OUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

struct out_file {
	FILE *f;
	char *path;		/* as given (messages) */
	char *name;		/* its last component */
	char *tmp;		/* the temporary file, in the same directory */
	char *backup;		/* out_commit's link to the replaced file, or NULL */
	int dirfd;		/* that directory; -1 for stdout */
};

/* Open PATH for writing (NULL or "-": stdout); 0, or -1 after printing. */
int out_open(struct out_file *o, const char *path);
/* Close; rename into place if ok, else discard.  0, or -1 after printing. */
int out_close(struct out_file *o, bool ok);

/*
 * Replacing an existing file in place (fix --apply), all or nothing over
 * several files: out_open_replace opens PATH's real path (symbolic links
 * resolved once, then every component opened with O_NOFOLLOW), which must
 * be a regular file; the temporary file gets its mode (and, when allowed,
 * owner).  out_finish closes the temporary file.  out_commit hard-links
 * the old file to a backup name and renames the temporary file over it;
 * out_rollback puts the backup back, out_end removes the backup (or the
 * temporary file when never committed) and frees.  Each prints on failure.
 */
int out_open_replace(struct out_file *o, const char *path);
int out_finish(struct out_file *o);
int out_commit(struct out_file *o);
int out_rollback(struct out_file *o);
void out_end(struct out_file *o);

#endif
