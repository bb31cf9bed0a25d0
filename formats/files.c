/* File helpers for run directories (see files.h). Every write goes through replace_at: a new
 * temporary file in the target's own directory, opened with O_NOFOLLOW and O_NONBLOCK (a link
 * is never written through, a FIFO never blocks an open) and checked with fstat, then renamed
 * over the target (rename(2) is atomic within a directory: POSIX.1-2017, rename). The
 * directories inside a run are walked with openat(O_NOFOLLOW | O_DIRECTORY), so a link planted
 * at rulesets/ cannot lead a write out of the run. */
#include "formats/files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PATH_MAX_LEN 2048
#define LEAF_MAX     256 /* NAME_MAX (255) and its NUL */

Status files_make_directories(const char *path, Error *err)
{
    char buf[PATH_MAX_LEN];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        error_set(err, "%.60s...: the path is too long", path);
        return ST_EIO;
    }
    for (char *p = buf + 1;; p++) {
        bool end = *p == '\0';
        if (*p == '/' || end) {
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
                error_set(err, "%s: cannot create directory: %s", buf, strerror(errno));
                return ST_EIO;
            }
            struct stat st;
            if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
                error_set(err, "%s: exists and is not a directory", buf);
                return ST_EIO;
            }
            if (end)
                break;
            *p = '/';
        }
    }
    return ST_OK;
}

Status files_check_parent(const char *path, Error *err)
{
    char parent[PATH_MAX_LEN];
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/') /* "a/b/" names a/b */
        len--;
    const char *slash = NULL;
    for (size_t i = 0; i < len; i++)
        if (path[i] == '/')
            slash = path + i;
    if (!slash)
        snprintf(parent, sizeof parent, ".");
    else if (snprintf(parent, sizeof parent, "%.*s", (int)(slash == path ? 1 : slash - path),
                      path) >= (int)sizeof parent) {
        error_set(err, "%.60s...: the path is too long", path);
        return ST_EINVAL;
    }
    struct stat sb;
    if (stat(parent, &sb) != 0) {
        error_set(err,
                  "%s: its parent directory %s does not exist (only the last component is "
                  "made: create %s first)",
                  path, parent, parent);
        return ST_EINVAL;
    }
    if (!S_ISDIR(sb.st_mode)) {
        error_set(err, "%s: its parent %s is not a directory", path, parent);
        return ST_EINVAL;
    }
    return ST_OK;
}

Status files_make_directory(const char *path, Error *err)
{
    Status st = files_check_parent(path, err);
    if (st != ST_OK)
        return st;
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        error_set(err, "%s: cannot create directory: %s", path, strerror(errno));
        return ST_EIO;
    }
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        error_set(err, "%s: exists and is not a directory", path);
        return ST_EIO;
    }
    return ST_OK;
}

/* Reads everything from fd into a new NUL-terminated buffer; NULL with errno on a read error. */
static char *read_fd(int fd, size_t *size)
{
    size_t cap = 4096, n = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int saved = errno;
            free(buf);
            errno = saved;
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
        if (n == cap)
            buf = xrealloc(buf, cap *= 2);
    }
    buf[n] = '\0'; /* n < cap: the loop grows buf when it is full */
    *size = n;
    return buf;
}

char *files_read(const char *path, size_t *size)
{
    return read_whole_file(path, 0, size);
}

bool files_name_is_inside(const char *name)
{
    if (!name || !*name || *name == '/')
        return false;
    for (const char *p = name;;) {
        size_t n = strcspn(p, "/");
        if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
            return false;
        if (!p[n])
            return true;
        p += n + 1;
    }
}

/* What a file type is, in words; NULL for a regular file (files.h). */
const char *files_kind_of(mode_t mode)
{
    if (S_ISREG(mode))
        return NULL;
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISLNK(mode))
        return "a symbolic link";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a file";
}

static void not_regular(Error *err, const char *shown, const char *kind)
{
    error_set(err,
              "%s: exists and is not a regular file (%s): results are written only as regular "
              "files",
              shown, kind);
}

/* Opens a character device at name (directly or through a link) for writing, without creating
 * anything: the one thing besides a regular file that a run writes into (/dev/full tests a full
 * disk). -1 with err set when name is anything else. */
static int open_device(int dirfd, const char *name, const char *shown, Error *err)
{
    struct stat ls, st;
    if (fstatat(dirfd, name, &ls, AT_SYMLINK_NOFOLLOW) != 0) {
        error_set(err, "%s: cannot open: %s", shown, strerror(errno));
        return -1;
    }
    if (fstatat(dirfd, name, &st, 0) != 0) {
        not_regular(err, shown, S_ISLNK(ls.st_mode) ? "a symbolic link to nothing" : "not a file");
        return -1;
    }
    if (!S_ISCHR(st.st_mode)) {
        not_regular(err, shown,
                    S_ISLNK(ls.st_mode)
                        ? (S_ISREG(st.st_mode) ? "a symbolic link" : "a link to something else")
                        : files_kind_of(st.st_mode));
        return -1;
    }
    int fd = openat(dirfd, name, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        error_set(err, "%s: cannot open: %s", shown, strerror(errno));
        return -1;
    }
    /* Checked again on what was opened: the name may have changed since the look. */
    if (fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode)) {
        close(fd);
        not_regular(err, shown, "not a character device any more");
        return -1;
    }
    return fd;
}

/* Says what the existing entry name of dirfd is, when it is not a regular file (ST_EIO); ST_OK
 * when it is one or is missing. */
static Status check_entry(int dirfd, const char *name, const char *shown, bool device, Error *err)
{
    struct stat ls, st;
    if (fstatat(dirfd, name, &ls, AT_SYMLINK_NOFOLLOW) != 0)
        return ST_OK; /* missing (or unreachable: the open that follows says why) */
    if (S_ISREG(ls.st_mode) || (device && S_ISCHR(ls.st_mode)))
        return ST_OK;
    if (S_ISLNK(ls.st_mode)) {
        if (fstatat(dirfd, name, &st, 0) != 0) {
            not_regular(err, shown, "a symbolic link to nothing");
            return ST_EIO;
        }
        if (device && S_ISCHR(st.st_mode))
            return ST_OK;
        not_regular(err, shown, "a symbolic link");
        return ST_EIO;
    }
    not_regular(err, shown, files_kind_of(ls.st_mode));
    return ST_EIO;
}

/* Opens dir (following links: the caller chose it), then each directory of name below it
 * without following links, making missing ones when create. *fd is the directory that holds
 * the last component, *leaf that component (within name). Without create, a missing directory
 * is ST_OK with *leaf NULL (so the file is missing too). */
static Status open_parent(const char *dir, const char *name, bool create, int *fd,
                          const char **leaf, Error *err)
{
    *fd = -1;
    if (!files_name_is_inside(name)) {
        error_set(err, "%s/%s: not a name inside %s", dir, name, dir);
        return ST_EINVAL;
    }
    *leaf = NULL;
    int at = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (at < 0 && !create && errno == ENOENT)
        return ST_OK;
    if (at < 0) {
        error_set(err, "%s: cannot open directory: %s", dir, strerror(errno));
        return ST_EIO;
    }
    const char *p = name;
    for (const char *slash; (slash = strchr(p, '/')) != NULL; p = slash + 1) {
        char comp[LEAF_MAX];
        size_t n = (size_t)(slash - p);
        if (n >= sizeof comp) {
            close(at);
            error_set(err, "%s/%s: a name is too long", dir, name);
            return ST_EINVAL;
        }
        memcpy(comp, p, n);
        comp[n] = '\0';
        int upto = (int)(slash - name);
        if (create && mkdirat(at, comp, 0777) != 0 && errno != EEXIST) {
            error_set(err, "%s/%.*s: cannot create directory: %s", dir, upto, name,
                      strerror(errno));
            close(at);
            return ST_EIO;
        }
        int sub = openat(at, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub < 0 && !create && errno == ENOENT) {
            close(at);
            return ST_OK;
        }
        if (sub < 0) {
            int saved = errno;
            struct stat ls;
            if (fstatat(at, comp, &ls, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISDIR(ls.st_mode))
                error_set(err,
                          "%s/%.*s: exists and is not a directory (%s): a run writes only into "
                          "its own directories",
                          dir, upto, name, files_kind_of(ls.st_mode));
            else
                error_set(err, "%s/%.*s: cannot open directory: %s", dir, upto, name,
                          strerror(saved));
            close(at);
            return ST_EIO;
        }
        close(at);
        at = sub;
    }
    *fd = at;
    *leaf = p;
    return ST_OK;
}

/* Opens DIR/NAME for files_read_in and files_open_in: *fd is -1 (ST_OK) when missing. */
static Status open_in(const char *dir, const char *name, int *fd, char *shown, size_t shown_size,
                      Error *err)
{
    *fd = -1;
    int at;
    const char *leaf;
    Status st = open_parent(dir, name, false, &at, &leaf, err);
    if (st != ST_OK || !leaf)
        return st;
    snprintf(shown, shown_size, "%s/%s", dir, name);
    int got = openat(at, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (got < 0) {
        int saved = errno;
        if (saved == ENOENT) {
            close(at);
            return ST_OK;
        }
        if (check_entry(at, leaf, shown, false, err) == ST_OK)
            error_set(err, "%s: cannot read: %s", shown, strerror(saved));
        close(at);
        return ST_EIO;
    }
    close(at);
    struct stat sb;
    if (fstat(got, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        not_regular(err, shown, files_kind_of(sb.st_mode));
        close(got);
        return ST_EIO;
    }
    *fd = got;
    return ST_OK;
}

Status files_read_in(const char *dir, const char *name, char **data, size_t *size, Error *err)
{
    *data = NULL;
    *size = 0;
    char shown[PATH_MAX_LEN];
    int fd;
    Status st = open_in(dir, name, &fd, shown, sizeof shown, err);
    if (st != ST_OK || fd < 0)
        return st;
    *data = read_fd(fd, size);
    int saved = errno;
    close(fd);
    if (!*data) {
        error_set(err, "%s: cannot read: %s", shown, strerror(saved));
        return ST_EIO;
    }
    return ST_OK;
}

Status files_open_in(const char *dir, const char *name, FILE **f, Error *err)
{
    *f = NULL;
    char shown[PATH_MAX_LEN];
    int fd;
    Status st = open_in(dir, name, &fd, shown, sizeof shown, err);
    if (st != ST_OK || fd < 0)
        return st;
    *f = fdopen(fd, "r");
    if (!*f) {
        error_set(err, "%s: cannot read: %s", shown, strerror(errno));
        close(fd);
        return ST_EIO;
    }
    return ST_OK;
}

Status files_check_in(const char *dir, const char *name, bool device, Error *err)
{
    int at;
    const char *leaf;
    Status st = open_parent(dir, name, false, &at, &leaf, err);
    if (st != ST_OK || !leaf)
        return st;
    char shown[PATH_MAX_LEN];
    snprintf(shown, sizeof shown, "%s/%s", dir, name);
    st = check_entry(at, leaf, shown, device, err);
    close(at);
    return st;
}

/* True when leaf (in at) is a regular file holding exactly size bytes of data. */
static bool holds(int at, const char *leaf, const char *data, size_t size)
{
    int fd = openat(at, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return false;
    struct stat sb;
    bool same = false;
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && (size_t)sb.st_size == size) {
        size_t n;
        char *old = read_fd(fd, &n);
        same = old && n == size && memcmp(old, data, size) == 0;
        free(old);
    }
    close(fd);
    return same;
}

/* What replace_at writes: either bytes or a put callback. */
typedef struct {
    const char *data;
    size_t size;
    bool (*put)(FILE *f, const void *ctx);
    const void *ctx;
} Content;

static bool put_content(FILE *f, const Content *c)
{
    if (c->put)
        return c->put(f, c->ctx);
    return fwrite(c->data, 1, c->size, f) == c->size;
}

/* Writes c to leaf.tmp in at and renames it over leaf. shown names leaf in messages. strict: a
 * link at leaf is refused (a run's own files); else it is replaced (a file a user named). */
static Status replace_at(int at, const char *leaf, const char *shown, const Content *c, bool strict,
                         Error *err)
{
    char tmp[LEAF_MAX + 8], shown_tmp[PATH_MAX_LEN + 8];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", leaf) >= (int)sizeof tmp) {
        error_set(err, "%s: the name is too long", shown);
        return ST_EINVAL;
    }
    snprintf(shown_tmp, sizeof shown_tmp, "%s.tmp", shown);
    /* The target first: nothing is written when it could not be replaced. */
    struct stat ls;
    if (fstatat(at, leaf, &ls, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(ls.st_mode)) {
        if (strict || !S_ISLNK(ls.st_mode)) {
            Status st = check_entry(at, leaf, shown, false, err);
            if (st == ST_OK) /* a link to a regular file, from a strict caller */
                not_regular(err, shown, files_kind_of(ls.st_mode));
            return ST_EIO;
        }
        struct stat st;
        if (fstatat(at, leaf, &st, 0) == 0 && !S_ISREG(st.st_mode)) {
            /* A link to a device or a FIFO: replacing it would hide what the user named. */
            not_regular(err, shown, "a link to something other than a file");
            return ST_EIO;
        }
    }
    if (!c->put && holds(at, leaf, c->data, c->size))
        return ST_OK;
    int fd = -1;
    bool device = false;
    for (int tries = 0; tries < 2 && fd < 0; tries++) {
        fd = openat(at, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                    0666);
        if (fd >= 0 || errno != EEXIST)
            break;
        /* Left by a run that was killed: a regular file is removed (never truncated: it may be
         * a hard link to a file elsewhere), a device is written into, anything else refused. */
        if (fstatat(at, tmp, &ls, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(ls.st_mode)) {
            if (unlinkat(at, tmp, 0) != 0 && errno != ENOENT)
                break;
            continue;
        }
        fd = open_device(at, tmp, shown_tmp, err);
        if (fd < 0)
            return ST_EIO;
        device = true;
    }
    if (fd < 0) {
        error_set(err, "%s: cannot open: %s", shown_tmp, strerror(errno));
        return ST_EIO;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "w");
    if (!f) {
        error_set(err, "%s: cannot open: %s", shown_tmp, strerror(errno));
        close(fd);
        if (!device)
            (void)unlinkat(at, tmp, 0);
        return ST_EIO;
    }
    /* fsync before rename: the new name must never point at data still only in memory. */
    bool ok = put_content(f, c) && fflush(f) == 0 && !ferror(f) && (device || fsync(fd) == 0);
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    Status st = ST_OK;
    if (!ok) {
        error_set(err, "%s: cannot write: %s", shown_tmp, strerror(saved));
        st = ST_EIO;
    } else if (device) {
        /* Written into, as asked; but a device is never renamed into a run's place. */
        not_regular(err, shown_tmp, "a character device");
        st = ST_EIO;
    } else if (renameat(at, tmp, at, leaf) != 0) {
        error_set(err, "%s: cannot rename %s over it: %s", shown, shown_tmp, strerror(errno));
        st = ST_EIO;
    }
    if (st != ST_OK && !device)
        (void)unlinkat(at, tmp, 0);
    return st;
}

static Status replace_in(const char *dir, const char *name, const Content *c, Error *err)
{
    int at;
    const char *leaf;
    Status st = open_parent(dir, name, true, &at, &leaf, err);
    if (st != ST_OK)
        return st;
    char shown[PATH_MAX_LEN];
    snprintf(shown, sizeof shown, "%s/%s", dir, name);
    st = replace_at(at, leaf, shown, c, true, err);
    close(at);
    return st;
}

Status files_replace(const char *dir, const char *name, const char *data, size_t size, Error *err)
{
    Content c = {.data = data, .size = size};
    return replace_in(dir, name, &c, err);
}

Status files_replace_with(const char *dir, const char *name, bool (*put)(FILE *f, const void *ctx),
                          const void *ctx, Error *err)
{
    Content c = {.put = put, .ctx = ctx};
    return replace_in(dir, name, &c, err);
}

/* path split into its directory (followed: the user's) and its last name. */
static Status replace_path(const char *path, const Content *c, Error *err)
{
    const char *slash = strrchr(path, '/');
    const char *leaf = slash ? slash + 1 : path;
    if (!*leaf || strcmp(leaf, ".") == 0 || strcmp(leaf, "..") == 0 || strlen(leaf) >= LEAF_MAX) {
        error_set(err, "%s: cannot write: not a file name", path);
        return ST_EIO;
    }
    char dir[PATH_MAX_LEN];
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else if (snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path) >= (int)sizeof dir) {
        error_set(err, "%.60s...: the path is too long", path);
        return ST_EIO;
    }
    int at = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (at < 0) {
        /* The temporary file is what could not be made there. */
        error_set(err, "%s.tmp: cannot open: %s", path, strerror(errno));
        return ST_EIO;
    }
    Status st = replace_at(at, leaf, path, c, false, err);
    close(at);
    return st;
}

Status files_write(const char *path, const char *data, size_t size, Error *err)
{
    Content c = {.data = data, .size = size};
    return replace_path(path, &c, err);
}

Status files_write_through(const char *path, bool (*put)(FILE *f, const void *ctx), const void *ctx,
                           Error *err)
{
    Content c = {.put = put, .ctx = ctx};
    return replace_path(path, &c, err);
}

Status files_open_append(const char *path, FILE **out, Error *err)
{
    *out = NULL;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
    if (fd < 0) {
        int saved = errno;
        /* ELOOP: a link; ENXIO: a FIFO nobody reads. Only a device is let through. */
        Status st = check_entry(AT_FDCWD, path, path, true, err);
        if (st != ST_OK)
            return st;
        if (saved == ELOOP) {
            fd = open_device(AT_FDCWD, path, path, err);
            if (fd < 0)
                return ST_EIO;
        } else {
            error_set(err, "%s: cannot open: %s", path, strerror(saved));
            return ST_EIO;
        }
    }
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !(S_ISREG(sb.st_mode) || S_ISCHR(sb.st_mode))) {
        not_regular(err, path, files_kind_of(sb.st_mode));
        close(fd);
        return ST_EIO;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "a");
    if (!f) {
        error_set(err, "%s: cannot open: %s", path, strerror(errno));
        close(fd);
        return ST_EIO;
    }
    *out = f;
    return ST_OK;
}

void files_draft_open(FilesDraft *d)
{
    d->text = NULL;
    d->len = 0;
    d->f = xopen_memstream(&d->text, &d->len);
}

Status files_draft_replace(FilesDraft *d, const char *dir, const char *name, Error *err)
{
    Status st = ST_OK;
    if (ferror(d->f) | (fclose(d->f) != 0)) {
        error_set(err, "%s/%s: cannot write: %s", dir, name, strerror(errno));
        st = ST_EIO;
    }
    if (st == ST_OK)
        st = files_replace(dir, name, d->text, d->len, err);
    free(d->text);
    d->text = NULL;
    d->f = NULL;
    return st;
}

void files_draft_discard(FilesDraft *d)
{
    if (d->f)
        fclose(d->f);
    free(d->text);
    d->text = NULL;
    d->f = NULL;
}
