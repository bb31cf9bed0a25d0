/* The tool's version, printed by `tafl --version` and recorded in run metadata. */
#ifndef TAFL_HARNESS_VERSION_H
#define TAFL_HARNESS_VERSION_H

#define TAFL_VERSION "0.1.0"

#endif
