/* Build facts injected by the Makefile (this file alone is compiled with them, every build). */
#include "harness/buildinfo.h"

#ifndef TAFL_GIT_REV
#define TAFL_GIT_REV "unknown"
#endif
#ifndef TAFL_COMPILER
#define TAFL_COMPILER "unknown"
#endif
#ifndef TAFL_FLAGS
#define TAFL_FLAGS "unknown"
#endif
#ifndef TAFL_DIRTY
#define TAFL_DIRTY ""
#endif
#ifndef TAFL_SOURCE_HASH
#define TAFL_SOURCE_HASH "unknown"
#endif

const char *buildinfo_git_revision(void)
{
    return TAFL_GIT_REV;
}

const char *buildinfo_compiler(void)
{
    return TAFL_COMPILER;
}

const char *buildinfo_flags(void)
{
    return TAFL_FLAGS;
}

const char *buildinfo_dirty(void)
{
    return TAFL_DIRTY;
}

const char *buildinfo_source_hash(void)
{
    return TAFL_SOURCE_HASH;
}

const char *buildinfo_identity(void)
{
    /* Put together at compile time: a constant, so no state and no race. */
    return TAFL_GIT_REV TAFL_DIRTY " src:" TAFL_SOURCE_HASH " flags:" TAFL_FLAGS;
}
