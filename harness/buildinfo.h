/* How this binary was built, for run metadata. */
#ifndef TAFL_HARNESS_BUILDINFO_H
#define TAFL_HARNESS_BUILDINFO_H

/* The git revision the binary was built from ("unknown" outside a git checkout). */
const char *buildinfo_git_revision(void);

/* The compiler command and its version. */
const char *buildinfo_compiler(void);

/* The optimisation and sanitizer flags of the build. */
const char *buildinfo_flags(void);

/* "-dirty" when the tracked sources differed from the git revision at build time, else "". */
const char *buildinfo_dirty(void);

/* A checksum of every source file the binary was built from (POSIX cksum: CRC-LENGTH), so a
 * local edit changes it whether or not git sees the file. */
const char *buildinfo_source_hash(void);

/* The build identity recorded in run metadata: "<revision>[-dirty] src:<source hash>
 * flags:<flags>". Two binaries with one identity were built from the same sources the same way.
 * Borrowed, valid for the program's life; thread-safe. */
const char *buildinfo_identity(void);

#endif
