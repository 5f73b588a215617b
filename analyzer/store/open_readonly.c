/*
 * open_readonly.c - opening a database only to read it (store_int.h),
 * also where SQLite could not write its side files: in a directory we
 * cannot write (a CI artifact, a read-only mount) a WAL database opened
 * the normal way fails (SQLite must create "-shm"), and every read verb
 * then said "not a mmiocheck database".  There it is opened immutable
 * (nothing created, nothing locked) when it has no "-wal" file whose
 * changes that would skip; otherwise the real cause is said.
 */
#include "store_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* May this process create files in path's directory? */
static bool dir_writable(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	bool ok = access(dir, W_OK) == 0;

	free(dir);
	return ok;
}

/* "file:PATH?immutable=1" with PATH percent-encoded where a URI needs it. */
static char *immutable_uri(const char *path)
{
	struct strbuf uri = STRBUF_INIT;

	strbuf_adds(&uri, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		if (*p == '%' || *p == '?' || *p == '#' || *p < 0x21 || *p >= 0x7f)
			strbuf_addf(&uri, "%%%02X", *p);
		else
			strbuf_addch(&uri, (char)*p);
	strbuf_adds(&uri, "?immutable=1");
	return strbuf_detach(&uri);
}

/* Does path have a non-empty "-wal" file beside it? */
static bool has_wal(const char *path)
{
	char *wal = xasprintf("%s-wal", path);
	struct stat sb;
	bool yes = stat(wal, &sb) == 0 && sb.st_size > 0;

	free(wal);
	return yes;
}

int store_open_readonly_handle(struct store *st, struct strbuf *err)
{
	int rc;

	if (dir_writable(st->path)) {
		rc = sqlite3_open_v2(st->path, &st->db, SQLITE_OPEN_READONLY, NULL);
	} else if (has_wal(st->path)) {
		strbuf_addf(err, "%s: cannot open database: its directory is read-only and its -wal file holds "
			    "changes not yet in it; copy the database with its -wal file somewhere writable", st->path);
		return -1;
	} else {
		char *uri = immutable_uri(st->path);
		rc = sqlite3_open_v2(uri, &st->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
		free(uri);
	}
	if (rc != SQLITE_OK) {
		strbuf_addf(err, "%s: cannot open database: %s", st->path,
			    st->db ? sqlite3_errmsg(st->db) : sqlite3_errstr(rc));
		return -1;
	}
	return 0;
}
