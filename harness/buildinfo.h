/* How this binary was built, for run metadata. */
#ifndef TAFL_HARNESS_BUILDINFO_H
#define TAFL_HARNESS_BUILDINFO_H

/* The git revision the binary was built from ("unknown" outside a git checkout). */
const char *buildinfo_git_revision(void);

/* The compiler command and its version. */
const char *buildinfo_compiler(void);

/* The optimisation and sanitizer flags of the build. */
const char *buildinfo_flags(void);

#endif
