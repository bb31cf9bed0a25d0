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
