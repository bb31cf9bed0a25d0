/* The result files of a run: games.csv (formats/games.h) and summary.csv
 * (formats/summary.h). Kept for the callers that include both through this header. */
#ifndef TAFL_FORMATS_RESULTS_H
#define TAFL_FORMATS_RESULTS_H

#include "formats/games.h"
#include "formats/summary.h"

#endif
