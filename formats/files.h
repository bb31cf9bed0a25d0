/* File helpers shared by everything that writes a run directory (runner, shard merge, tuning,
 * curves, exports): mkdir -p, whole files read, and the one way a file is written: to a
 * temporary name in its own directory, never through a link or into a FIFO, renamed over the
 * old name (doc/commands.md, "Experiments and runs"). Errors name the path. */
#ifndef TAFL_FORMATS_FILES_H
#define TAFL_FORMATS_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "rules/common.h"

/* mkdir -p path. ST_EIO naming the component that cannot be created, or that exists and is not
 * a directory. Thread-safe. */
MUST_CHECK Status files_make_directories(const char *path, Error *err);

/* Checks that the directory path would be made in exists: path's parent ("." for a name
 * without '/') is a directory. ST_EINVAL "PATH: its parent directory PARENT does not exist
 * (only the last component is made: create PARENT first)", or "... is not a directory" naming
 * it. For an output option that makes one directory (tafl calibrate --out), checked before the
 * work. Thread-safe. */
MUST_CHECK Status files_check_parent(const char *path, Error *err);

/* mkdir path, its last component only (files_check_parent's errors for the parent); a
 * directory already there is kept. ST_EIO naming path when it cannot be created or exists and
 * is not a directory. Thread-safe. */
MUST_CHECK Status files_make_directory(const char *path, Error *err);

/* Reads the whole file into a new buffer (caller frees) and its length into *size, followed by
 * a NUL byte that size does not count (so the text may be searched as a string); NULL, with
 * errno set, when it cannot be read. Follows links: for files a user names. Thread-safe. */
char *files_read(const char *path, size_t *size);

/* True when name is a relative path that stays inside the directory it is taken from: not
 * empty, no leading '/', and no empty, "." or ".." component ("rulesets/v1..2.rules" is inside;
 * "../x", "rulesets/../../x", "/etc/x" and "a//b" are not). What a run directory's own files
 * may name (setup's ruleset_file lines). Thread-safe. */
bool files_name_is_inside(const char *name);

/* Reads DIR/NAME whole (NAME inside dir: files_name_is_inside) without following a link at
 * NAME or at any directory of NAME, and without blocking on a FIFO: only a regular file is
 * read. *data (caller frees; NUL-terminated, the NUL not counted in *size) is NULL and the
 * status ST_OK when there is no such file. ST_EIO "DIR/NAME: exists and is not a regular file
 * (a FIFO): ..." or "DIR/NAME: cannot read: <strerror>". Thread-safe. */
MUST_CHECK Status files_read_in(const char *dir, const char *name, char **data, size_t *size,
                                Error *err);

/* Opens DIR/NAME for reading as files_read_in reads it (no link followed, no FIFO waited on,
 * only a regular file), for a reader that takes what it needs and stops: a table shown in part
 * need not be read whole. *f (caller closes) is NULL and the status ST_OK when there is no
 * such file; errors as files_read_in. Thread-safe. */
MUST_CHECK Status files_open_in(const char *dir, const char *name, FILE **f, Error *err);

/* Checks DIR/NAME before a run writes it: missing, or a regular file that is not a link. With
 * device, a character device (reached directly or through a link) is let through as well:
 * files that are appended or written as temporary names may be /dev/full, which is how a full
 * disk is tested, and writing into a device changes no file. ST_EIO "DIR/NAME: exists and is
 * not a regular file (a symbolic link): results are written only as regular files". The
 * directories of NAME are looked up without following links. Thread-safe. */
MUST_CHECK Status files_check_in(const char *dir, const char *name, bool device, Error *err);

/* Replaces DIR/NAME (NAME inside dir: files_name_is_inside) with size bytes of data, unless it
 * holds exactly those bytes already (then nothing is written: a resume leaves setup and the
 * ruleset texts alone). The directories of NAME are made inside dir when missing and opened
 * without following links (a link planted at rulesets/ is refused). The bytes go to
 * NAME.tmp beside it, created anew (a regular file there is removed first; a link or FIFO is
 * refused; a character device is written into but never renamed), flushed and fsynced, then
 * renamed over NAME: a kill at any moment leaves the old whole file or the new one. NAME must
 * be missing or a regular file (never a link, a FIFO or a device). ST_EIO naming the path and
 * what it is, or what failed; the temporary file is removed. dir itself is the caller's choice
 * and may be a link. Thread-safe for distinct paths. */
MUST_CHECK Status files_replace(const char *dir, const char *name, const char *data, size_t size,
                                Error *err);

/* The same with what put writes (put(f, ctx): false on a write error), streamed to NAME.tmp
 * (the old file is not compared). Thread-safe for distinct paths. */
MUST_CHECK Status files_replace_with(const char *dir, const char *name,
                                     bool (*put)(FILE *f, const void *ctx), const void *ctx,
                                     Error *err);

/* Creates or replaces path, a file a user named (--out FILE), as files_replace does, except
 * that path's directory is followed wherever it leads and a link at path itself is replaced
 * by the new file (never written through). ST_EIO "PATH: cannot write: <strerror>" and the
 * like. Thread-safe for distinct paths. */
MUST_CHECK Status files_write(const char *path, const char *data, size_t size, Error *err);

/* files_write with what put writes, streamed. Thread-safe for distinct paths. */
MUST_CHECK Status files_write_through(const char *path, bool (*put)(FILE *f, const void *ctx),
                                      const void *ctx, Error *err);

/* Opens path for appending (creating it), without following a link at path and without
 * blocking on a FIFO: it must be a regular file or a character device (directly or through a
 * link: /dev/full tests a full disk). ST_EIO "PATH: exists and is not a regular file (a FIFO):
 * ..." or "PATH: cannot open: <strerror>". Caller owns *out (fclose). Thread-safe. */
MUST_CHECK Status files_open_append(const char *path, FILE **out, Error *err);

/* What a file type is, in words ("a FIFO", "a symbolic link", ...); NULL for a regular
 * file. Thread-safe. */
const char *files_kind_of(mode_t mode);

/* A file made in memory and then put in place whole, so that it is never seen half written:
 * files_draft_open, write to .f, then files_draft_replace (or files_draft_discard). */
typedef struct {
    FILE *f;
    char *text;
    size_t len;
} FilesDraft;

/* Opens an empty draft (out of memory ends the process, as xmalloc does). */
void files_draft_open(FilesDraft *d);

/* Closes the draft and writes it as DIR/NAME through files_replace; frees it either way.
 * ST_EIO "DIR/NAME: cannot write: ..." when the stream failed, else files_replace's errors. */
MUST_CHECK Status files_draft_replace(FilesDraft *d, const char *dir, const char *name, Error *err);

/* Closes and frees the draft without writing it. */
void files_draft_discard(FilesDraft *d);

#endif
