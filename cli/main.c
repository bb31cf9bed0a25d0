/* The `tafl` command line: dispatches subcommands, parses their options, reports errors.
 * Exit status: 0 success, 1 a failure while running, 2 bad usage or bad input. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/experiment.h"
#include "formats/outpath.h"
#include "formats/rulesfile.h"
#include "harness/bench.h"
#include "harness/runner.h"
#include "harness/signals.h"
#include "harness/version.h"
#include "rules/movegen.h"
#include "rules/otn.h"
#include "rules/perft.h"

typedef int (*CommandFn)(int argc, char **argv);

typedef struct {
    const char *name;
    CommandFn run;
    const char *summary;
    const char *usage; /* full help text for `tafl help NAME` */
} Command;

static int cmd_help(int argc, char **argv);

static const Command COMMANDS[] = {
    {"rules", cmd_rules, "list the preset rulesets, or show one",
     "usage: tafl rules list\n"
     "       tafl rules show NAME|FILE|OTN [--otn]\n"
     "\n"
     "list    one preset a line: its name, then what it is.\n"
     "show    every option of a ruleset as a ruleset file (key = value lines), ready to\n"
     "        save, edit and load with --rules FILE. With --otn, the OpenTafl rules string\n"
     "        instead; options OTN cannot express are named in a warning on stderr.\n"
     "\n"
     "A ruleset is named by a preset name (see `tafl rules list`), a ruleset file (INI,\n"
     "keys as in RULES.md, `base = PRESET` to start from a preset), or an OpenTafl rules\n"
     "string such as \"dim:7 ks:c tfr:l start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\".\n"},
    {"perft", cmd_perft, "count the leaves of the legal move tree (move generator check)",
     "usage: tafl perft [--rules NAME|FILE|OTN] [--position OTN] [--side attackers|defenders]\n"
     "                  --depth N [--divide]\n"
     "\n"
     "Prints one line `<depth> <nodes>` for each depth 1..N on stdout; timing goes to\n"
     "stderr. Ended games are leaves with no children.\n"
     "  --rules R       ruleset (default brandubh)\n"
     "  --position P    OTN position record (default: the ruleset's start)\n"
     "  --side S        side to move (default: the ruleset's first side)\n"
     "  --depth N       deepest depth, 1..30\n"
     "  --divide        first print `<move> <nodes>` for every root move at depth N\n"},
    {"solve", cmd_solve, "exact values of every position of a small ruleset (retrograde analysis)",
     "usage: tafl solve --rules R [--men N] [--out DIR [--resume]] [--tables FILE]\n"
     "                  [--threads T] [--openings K] [--position OTN [--side S]]\n"
     "\n"
     "Solves every position with at most the start's attackers and defenders by retrograde\n"
     "analysis, class by class in order of increasing material, with the rules engine's own\n"
     "moves and ends: a win or a loss for the side to move with its distance to the end in\n"
     "plies, or a draw (neither side can force an end; doc/solve.md says for which repetition\n"
     "rules that is exact). Prints `key value` lines: start_value (attackers, defenders or\n"
     "draw with perfect play), start_plies (its distance to the end), longest_forced_end,\n"
     "positions and counts; one progress line a class on stderr. The board's eight symmetries\n"
     "are folded (one entry a position and its images). A solve of more than 2e9 entries, one\n"
     "that needs more memory than is available, or a board of more than 64 squares, is\n"
     "refused (exit 2). The values are the same at any thread count.\n"
     "  --rules R       ruleset (NAME, FILE or OTN)\n"
     "  --men N         only the classes of at most N men besides the king: endgame tables\n"
     "                  of a game too large to solve outright (no start_value then)\n"
     "  --out DIR       also write DIR/summary.txt (the same lines) and DIR/classes.csv;\n"
     "                  each class is kept in DIR/tables/ once solved (DIR locked meanwhile)\n"
     "  --resume        go on with the solve in DIR: the classes kept there are read back\n"
     "                  (a damaged one is solved again), the others solved\n"
     "  --tables FILE   also write the tables, for tafl probe and the agents' tb=FILE\n"
     "                  (a versioned, checksummed file: doc/formats.md, \"Table files\")\n"
     "  --threads T     OpenMP threads (default: OMP_NUM_THREADS or every core)\n"
     "  --openings K    also the outcome with perfect play after K uniformly random plies\n"
     "                  (1..3), as a run with opening_plies = K opens its games: the\n"
     "                  opening_* lines, the exact counterpart of its self-play score\n"
     "  --position P    also the value of position P (OTN; --side: who moves, default the\n"
     "                  ruleset's first): position_value win|loss|draw for the side to move,\n"
     "                  position_plies, position_winner; checked before the solve\n"},
    {"probe", cmd_probe, "a position's exact value from a table file of tafl solve --tables",
     "usage: tafl probe --tables FILE --rules R [--position OTN] [--side attackers|defenders]\n"
     "                  [--moves] | --check N [--seed S] [--threads T]\n"
     "\n"
     "Reads the table file (refused in one line, exit 2, when it is damaged, truncated, of\n"
     "another version or of other rules) and prints the position's value for the side to\n"
     "move: position_value win|loss|draw, position_plies (the distance to the end with\n"
     "perfect play), position_winner.\n"
     "  --tables FILE   a table file written by tafl solve --tables\n"
     "  --rules R       the rules it was solved under (NAME, FILE or OTN)\n"
     "  --position P    the position (OTN; default the start); --side: who moves (default\n"
     "                  the ruleset's first). More men than the tables hold: exit 2\n"
     "  --moves         also `move TEXT win|loss|draw PLIES` for every legal move, for the\n"
     "                  side that makes it (PLIES counts the move)\n"
     "  --check N       instead, N positions drawn at random from the tables (by --seed, the\n"
     "                  same at any --threads) checked against their successors by the rules\n"
     "                  engine's moves: prints how many disagree; exit 1 if any\n"},
    {"endgames", cmd_endgames,
     "play out the won endgames of recorded games, with and without tables",
     "usage: tafl endgames --tables FILE --rules R --games GAMES [--agent SPEC]\n"
     "                     [--opponent SPEC] [--positions N] [--max-plies P] [--threads T]\n"
     "                     [--min-distance D] [--seed S] [--out FILE.csv]\n"
     "\n"
     "Replays the recorded games (a games.csv with moves, or a move-list CSV) and takes from\n"
     "each the first position, after a move, that the tables hold and call won or lost, up to\n"
     "N of them. Each is played out twice, the winning side by the agent with the tables\n"
     "(SPEC,tb=FILE) and by the same agent without them, the losing side by the opponent;\n"
     "prints how many each converts (won, drawn, lost, unfinished after P plies) and the mean\n"
     "plies, against the tables' distance with perfect play. The outcomes are the same at any\n"
     "thread count.\n"
     "  --tables FILE   a table file of tafl solve --tables for rules R\n"
     "  --games GAMES   the recorded games\n"
     "  --agent SPEC    the agent on the winning side (default alphabeta:depth=2)\n"
     "  --opponent SPEC the losing side (default: the agent, without tables)\n"
     "  --positions N   at most N positions, one a game, in file order (default 200)\n"
     "  --min-distance D  only positions won or lost in at least D plies with perfect play\n"
     "                  (default 1): the harder endgames\n"
     "  --max-plies P   a play-out stops unfinished after P plies (default 200)\n"
     "  --out FILE.csv  one row a position: game, number, ply, position, side, winner,\n"
     "                  distance, with_result, with_plies, without_result, without_plies\n"},
    {"bench", cmd_bench, "measure the hot paths; last line is the behaviour signature",
     "usage: tafl bench [--quick]\n"
     "\n"
     "A fixed, seeded, single-thread suite: perft on three board sizes and uniform random\n"
     "playouts (500-ply cap) on every preset. Prints `key value` lines, among them\n"
     "perft_nps (perft leaves per second) and playouts_per_s (random Brandubh playouts per\n"
     "second), and ends with `bench: <nodes> <hash>`, which changes only when behaviour\n"
     "changes. --quick runs a smaller suite with its own signature.\n"},
    {"agents", cmd_agents, "list every agent with its parameters, defaults and meaning",
     "usage: tafl agents\n"
     "\n"
     "Prints every agent, each parameter with its default, range and meaning, and how the\n"
     "agent's memory is bounded. Agents are given as NAME[:key=value,...].\n"},
    {"move", cmd_move, "let an agent choose a move in a position, with its search statistics",
     "usage: tafl move [--rules R] [--position OTN] [--side attackers|defenders]\n"
     "                 --agent SPEC [--seed N]\n"
     "\n"
     "Prints `move <move>`, the agent's full spec, then `nodes`, `depth`, `score` and\n"
     "`seconds` of the search. The same rules, position, spec and seed give the same move.\n"
     "  --rules R       ruleset (default brandubh)\n"
     "  --position P    OTN position record (default: the ruleset's start)\n"
     "  --side S        side to move (default: the ruleset's first side)\n"
     "  --agent SPEC    e.g. mcts:iterations=2000,c=0.7 (see `tafl agents`)\n"
     "  --seed N        the agent's seed (default 1)\n"},
    {"match", cmd_match, "play games between two agents and print the result table",
     "usage: tafl match [--rules R] --attacker SPEC --defender SPEC [--games N]\n"
     "                  [--threads T] [--seed S] [--max-plies P] [--opening-plies K]\n"
     "                  [--out DIR [--resume]] [--record-moves] [--progress]\n"
     "                  [--sprt elo0=E0,elo1=E1[,alpha=A,beta=B] | --max-width W\n"
     "                  [--check-every C] [--min-games M]] [--move-time] [--dry-run]\n"
     "\n"
     "Plays N games (default 100) in parallel; each game's seed is derived from S (default\n"
     "1) and the game's identity only, so the result is the same at any thread count. A game\n"
     "is drawn after P plies (default 500; 0 keeps the ruleset's own max_plies). K uniformly\n"
     "random plies (default 0) open each game. Prints the attackers' win rate with its 95%\n"
     "Wilson interval, draws and game lengths. With --out, writes games.csv, summary.csv and\n"
     "meta there (doc/formats.md); --record-moves adds each game's moves to games.csv.\n"
     "\n"
     "--sprt: a sequential probability ratio test of A (--attacker) against B (--defender):\n"
     "game pairs, A attacking then B attacking on the same opening (same seed: use\n"
     "--opening-plies), judged in pair order on the pentanomial pair counts with the\n"
     "normalised-Elo GSPRT (fastchess, OpenBench); stops when the LLR reaches a bound or after\n"
     "N games (default with --sprt 20000). alpha and beta default to 0.05. Prints the table,\n"
     "then pairs, pentanomial counts, LLR, bounds, A's Elo with its 95% interval and the\n"
     "decision; the same at any thread count.\n"
     "--max-width W: play C games (default 100) at a time and stop once the attackers' score\n"
     "95% interval is narrower than W (or after N games), never before M games (default\n"
     "100) nor while every game has had the same result.\n"
     "An agent may be an external OTEP engine, external:cmd=PROGRAM ARGS (see `tafl agents`):\n"
     "its games always record their moves and, with --out, leave transcripts/game-N.txt.\n"
     "--move-time: after the table, print on stderr each agent's processor time a move in\n"
     "the games played (both seats; resumed games not counted) and the ratio of the first\n"
     "to the second: set node budgets by it to compare searches at equal time. A measure of\n"
     "this machine, never written to a file.\n"
     "--dry-run: play and write nothing; print the games and an estimated time (doc/cost.md).\n"},
    {"run", cmd_run, "run an experiment file: games.csv, summary.csv and meta",
     "usage: tafl run FILE.ini [--threads T] [--out DIR] [--resume] [--progress]\n"
     "                [--max-width W [--check-every C] [--min-games M]]\n"
     "                [--shard I/N] [--move-time] [--dry-run]\n"
     "\n"
     "Plays every game the experiment describes (see experiments/README.md) and writes\n"
     "<output>/<name>/ (or DIR): experiment.ini, games.csv (one row per game, appended as\n"
     "games finish, in game order), summary.csv (one row per ruleset and pairing) and meta\n"
     "(versions, flags, threads, times). The same file gives the same games.csv and\n"
     "summary.csv at any thread count. An interrupted run continues with --resume: finished\n"
     "games are kept, a torn last line is dropped, and only the missing games are played.\n"
     "Progress goes to stderr when it is a terminal, or always with --progress.\n"
     "--move-time prints each agent's processor time a move on stderr, as tafl match's.\n"
     "--dry-run checks the file as the run would, plays and writes nothing, and prints the\n"
     "games of each ruleset and pairing with an estimated time and its 95% interval from a\n"
     "short calibration of the agents on this machine (a design: its race simulated on it;\n"
     "doc/cost.md).\n"
     "--max-width W (or max_width in the file) plays in rounds of C games per pairing\n"
     "(default 100, or check_every) and stops each pairing once its attackers' score 95%\n"
     "interval is narrower than W, never before M games (--min-games or min_games, default\n"
     "100) nor while every game of the pairing has had the same result; the games are then\n"
     "numbered in play order.\n"
     "An experiment with kind = curve (each agent's self-play, and each agent against the\n"
     "next on both sides) also writes curve.csv (the rungs ordered by measured Elo,\n"
     "relative to greedy), convergence.csv (the verdict: converged only when equivalence\n"
     "tests show the strongest rungs agree, they span converge_span Elo and read more than\n"
     "one evaluation; apart from it, the direction: every one of them significantly on one\n"
     "side, and the trend of the score per 100 Elo among them with its interval) and the\n"
     "balance curve, curve.png and curve.svg, one line per ruleset and family of rungs\n"
     "(alpha-beta and MCTS apart); its summary gives verdicts for the self-play rows alone.\n"
     "--shard I/N plays only shard I of N (1 <= I <= N): the games whose number g has\n"
     "g mod N = I - 1, into <output>/<name>/shard-I-of-N/ (or DIR), without summary.csv;\n"
     "`tafl merge` combines the N finished shards into the files of a single run.\n"},
    {"summarize", cmd_summarize, "rebuild summary.csv from a games.csv",
     "usage: tafl summarize GAMES.csv [--out SUMMARY.csv] [--baseline RULES] [--curve]\n"
     "\n"
     "Recomputes the summary from the games alone (default: summary.csv beside GAMES.csv)\n"
     "and prints the balance table. Each row's verdict is attackers or defenders when its\n"
     "test of score = 1/2 rejects at 5% after Holm's correction over all rows; otherwise\n"
     "balanced only when two one-sided tests show the score within 1/2 +- 0.05 at 5%, and\n"
     "undetermined when the games show neither (two games always do). Every other\n"
     "ruleset is compared with the baseline (default: the ruleset of the first game) for the\n"
     "same pairing: the difference of the attackers' score, its 95% interval, p and\n"
     "Holm-adjusted p (doc/formats.md, \"Comparing rulesets\"). --curve summarizes a balance\n"
     "curve's games as `tafl run` does: only self-play rows carry verdicts (Holm over them\n"
     "alone); the ladder games between rungs get the verdict `ladder` and a table of their own.\n"},
    {"crossing", cmd_crossing, "where a compensation knob balances a ruleset, from a run",
     "usage: tafl crossing GAMES.csv [--knob max_plies|handicap] [--agent NAME] [--plot DIR]\n"
     "\n"
     "Tallies the self-play games of GAMES.csv by ruleset, reads each ruleset as the run kept\n"
     "it for the knob's value (max_plies: its move limit, whose result limit_result gives to\n"
     "one side; handicap: the attackers minus the defenders its `remove` takes off), fits\n"
     "the attackers' score against the knob by logistic regression (a draw half a win) and\n"
     "prints the value where the fitted score is 1/2 with its 95% interval\n"
     "(Fieller's), an isotonic fit's crossing as a check, and a verdict: ok, out_of_range,\n"
     "flat (the slope is not significant), separated (the games separate: a bracket by the\n"
     "levels sure to lie either side of 1/2, open where none is) or one_result. Counts the\n"
     "rows it leaves out; refuses rulesets with different limit_result and capped rows whose\n"
     "winner is not their ruleset's limit_result. See doc/knob.md.\n"
     "  --knob K        max_plies (default) or handicap\n"
     "  --agent NAME    the agent whose self-play counts (needed when there are several)\n"
     "  --plot DIR      also draw the figure (scores, fit, 1/2, the crossing and its\n"
     "                  interval) to DIR/crossing.gp, .png and .svg (gnuplot)\n"},
    {"ratings", cmd_ratings, "Elo of every agent, overall and by side, from games.csv files",
     "usage: tafl ratings GAMES.csv... [--out RATINGS.csv]\n"
     "\n"
     "Rates every agent of the games by Bradley-Terry maximum likelihood (Elo scale, 95%\n"
     "intervals), separately for each ruleset: overall (games between different agents,\n"
     "scored from the attackers' result) and, on one shared scale, as attacker and as\n"
     "defender (self-play included): A attacking B is expected to score\n"
     "1 / (1 + 10^(-(att_A - def_B) / 400)). Feed it a round-robin played on both sides\n"
     "(an experiment with self = yes and round-robin = yes). Writes RATINGS.csv (default:\n"
     "ratings.csv beside the first GAMES.csv) and prints the table, best first.\n"},
    {"engine", cmd_engine, "play an agent as an OpenTafl Engine Protocol engine on stdin/stdout",
     "usage: tafl engine --agent SPEC [--seed N]\n"
     "\n"
     "Speaks the OpenTafl Engine Protocol (OTEP) as an engine: says `hello`, takes the host's\n"
     "`rules` (an OpenTafl rules string; a preset's string is that preset, with the options\n"
     "OTN cannot carry; `error 0` for rules tafl-lab cannot play), `side`, `start`,\n"
     "`position`, `opponent-move`, `clock` (ignored: budgets are counted), answers\n"
     "`play` with `move` and `analyze` with `analysis`, and ends on `finish`, `goodbye` or\n"
     "the end of its input. Unknown lines are ignored with a note on stderr. Until `rules`\n"
     "comes the game is brandubh (an agent that cannot play it, eval=FILE trained for other\n"
     "rules, waits for the host's). tafl-lab hosts also send `tafl-lab-rules` (options OTN\n"
     "lacks) and `tafl-lab-seed` (the agent's seed for the game); see doc/engines.md.\n"
     "  --agent SPEC    the agent that plays, e.g. alphabeta:depth=4 (see `tafl agents`)\n"
     "  --seed N        the agent's seed when the host sends none (default 1)\n"},
    {"tune", cmd_tune, "tune numeric agent parameters by SPSA or a grid",
     "usage: tafl tune FILE.ini [--threads T] [--out DIR] [--resume] [--progress] [--dry-run]\n"
     "\n"
     "Varies the [param.KEY] parameters of the file's agent (any numeric parameter, see\n"
     "`tafl agents`) within [min, max] to maximise its score against the fixed opponent:\n"
     "each point plays `pairs` game pairs, the agent attacking in one game and defending in\n"
     "the other on the same random opening. method = spsa (simultaneous perturbation\n"
     "stochastic approximation, Spall 1998) or grid (one or two parameters). Writes\n"
     "tune.csv (iteration, parameters, score, 95% interval, games) and tune.png / tune.svg\n"
     "(through gnuplot; tune.gp redraws them) to <output>/<name>/ or DIR, prints the table\n"
     "and last `best SPEC`, the best parameters as a ready agent spec. The same file gives\n"
     "the same result at any thread count. See experiments/README.md for the keys.\n"
     "Rows are written as they finish, with setup, rulesets/, tune.ini, tune.state and\n"
     "meta (doc/statistics.md, Tuning); a directory with rows is refused without --resume.\n"
     "  --resume        go on with a cut tuning in the directory: refuses changed settings\n"
     "                  in one line; ends byte-identical to an uninterrupted run\n"
     "  --dry-run       check the file, play and write nothing: print the games and an\n"
     "                  estimated time from a short calibration (doc/cost.md)\n"},
    {"train", cmd_train, "learn an evaluation for a ruleset by self-play, in generations",
     "usage: tafl train [FILE.ini] [--rules R] [--seed N] [--generations N] [--games N]\n"
     "                  [--depth N] [--gate-pairs N] [--gate-depth N]\n"
     "                  [--gate-sprt elo0=E0,elo1=E1[,alpha=A,beta=B]] [--window N]\n"
     "                  [--model linear|sided|player|net|nnue] [--hidden H]\n"
     "                  [--features 1|2|3]\n"
     "                  [--score-weight W] [--recorded-games CSV] [--init EVAL] [--epochs N]\n"
     "                  [--learning-rate R] [--name NAME] [--league EVAL,...]\n"
     "                  [--league-games N] [--threads T]\n"
     "                  [--out DIR] [--resume]\n"
     "                  [--progress] [--dry-run]\n"
     "       tafl train --join ATTACKING,DEFENDING [--rules R] --out FILE\n"
     "\n"
     "Learns an evaluation (a logistic model over piece-square tables and king features,\n"
     "see doc/training.md) for any ruleset (preset, file or OTN). Each\n"
     "generation plays `games` self-play games of alpha-beta at `depth` with the best\n"
     "evaluation so far (random openings, leaf noise; every other game the attackers search\n"
     "`handicap` plies deeper), fits the positions of the last `window` generations to\n"
     "their outcomes (blended with the search's own prediction by `score_weight`, 0..1,\n"
     "default 0) and with the positions of `recorded_games` (a move-list CSV of recorded\n"
     "games, every tenth kept out), and plays the candidate against the best in a gate\n"
     "match of\n"
     "`gate_pairs` pairs at `gate_depth` (a fixed match with a 95% interval): accepted when\n"
     "it scores above 1/2 (with `gate_sprt`, a sequential test of at most `gate_pairs`\n"
     "pairs, stopped when its LLR reaches a bound: accepted only when it accepts H1;\n"
     "`model player`: a weight set per side played; on each opening\n"
     "the candidate attacks the best, the best plays itself, the best attacks the candidate,\n"
     "and each half is accepted when its side scores more than the best's on those\n"
     "openings; `model net`: the linear model plus a network of `hidden` ReLU units, 1 to\n"
     "16, over the pieces square by square, fitted in minibatches of 256 positions seen in\n"
     "random symmetric images; `epochs` passes, `learning_rate` the step; `model nnue`: an\n"
     "efficiently updatable network alone, `hidden` clipped-ReLU units, 8 to 512 by 8 (128),\n"
     "fitted likewise and quantised, each generation from the one before, written as a\n"
     "binary network file that eval=FILE plays). Generation 0 is\n"
     "the hand-written evaluation, or `init` (trained or an\n"
     "evaluation file of the same feature set: go on from it). With `league` (up to 4\n"
     "evaluations) every gate also plays the candidate and the best against each of them\n"
     "on both sides, and a generation (a half) must gain, and lose neither to the best nor\n"
     "to the league; `league_games` of each generation's games pit the best against\n"
     "the league instead of itself. After the last generation one final match of\n"
     "`gate_pairs` pairs at `gate_depth` measures best.eval against the hand-written\n"
     "evaluation: the score and Elo printed, with their 95% intervals, and written to\n"
     "final.csv. Writes train.csv\n"
     "(one row a generation: data counts, losses, gate score and interval, accepted),\n"
     "train.png / train.svg (strength over generations; train.gp redraws them), gen-G.eval,\n"
     "gen-G.pos, best.eval, final.csv, and as a run does setup, rulesets/NAME.rules, meta\n"
     "and sessions to <output>/<name>/ (results/train-RULESET) or DIR. Options\n"
     "override the file's keys (experiments/README.md lists them). The same seed gives the\n"
     "same files at any thread count. Use the result as eval=DIR/best.eval. A stop signal\n"
     "(SIGTERM) drops the generation in progress and ends with a line on how to resume.\n"
     "  --resume        go on with an interrupted training (or add generations); refuses a\n"
     "                  changed setup; ends byte-identical to an uninterrupted run\n"
     "  --dry-run       play and write nothing: print the games and an estimated time\n"
     "                  (doc/cost.md)\n"
     "  --progress      progress with an ETA on stderr\n"
     "  --join A,D      write FILE, one evaluation with a weight set per side played\n"
     "                  (`model player`): an agent playing the attackers reads A's weights,\n"
     "                  one playing the defenders D's (each hand, trained or a FILE of one\n"
     "                  feature set, for R, default brandubh: a linear model, or a player\n"
     "                  model's half of that side); nothing is trained\n"},
    {"calibrate", cmd_calibrate, "how well evaluations predict the winners of recorded games",
     "usage: tafl calibrate GAMES [--rules R] [--eval E1,E2,...] [--plies LO-HI] [--held-out]\n"
     "                      [--out DIR]\n"
     "\n"
     "Scores every position at plies LO..HI (default 8-24) of the games in GAMES (a\n"
     "tafl-lab games.csv played with --record-moves, or a move-list CSV such as\n"
     "tests/data/games/copenhagen.csv; games without a result are left out) with each\n"
     "evaluation (hand, trained or FILE, as an agent's eval=; default hand,trained), read\n"
     "as P(attackers win) = 1 / (1 + exp(-v / 40)), and prints per evaluation the games,\n"
     "positions, log-loss, Brier score and AUC (positions of decisive games), then the\n"
     "calibration bins (mean predicted, observed score, positions), and counts the games\n"
     "skipped and why; nothing to score is exit 2. With --out, writes calibration.csv and\n"
     "a reliability figure (calibration.png / .svg, calibration.gp) into DIR, made when\n"
     "missing (its last component only: its parent must exist).\n"
     "  --rules R       ruleset (default: the games.csv's, else copenhagen)\n"
     "  --held-out      score only every tenth game from the first: the split that tafl\n"
     "                  train's recorded_games never fits\n"},
    {"replay", cmd_replay, "replay recorded games against the rules, showing the board",
     "usage: tafl replay [--rules R] [--format otn|csv] [--game N] [--ply N | --quiet] FILE\n"
     "\n"
     "Reads OTN game records (as `tafl export` and OpenTafl write them) or the move-list CSV\n"
     "of copenhagen.csv (csv when FILE ends in .csv; - reads stdin) and replays every game:\n"
     "each move must be legal, the captures a move lists exactly the engine's, and a game the\n"
     "engine ends must end there with the record's result and end rule. Shows the board\n"
     "after each move, then one line per game; prints each disagreement as FILE:LINE: ply N:\n"
     "what. A tafl-lab games.csv with moves is read too (rulesets from its run directory).\n"
     "A CSV line that cannot be read is reported as FILE:LINE and skipped. The last line\n"
     "counts games read, replayed, agreeing, disagreeing and malformed. Exits 0 when every\n"
     "game agrees, 1 when one does not or a line was malformed.\n"
     "  --rules R       ruleset (default: each OTN record's own rules string)\n"
     "  --format F      otn or csv (default: by the file name)\n"
     "  --game N        only game N: games.csv's `game` column (from 0), the [round:] tag of\n"
     "                  tafl export's records; in a file that numbers no game, its N-th, from 1\n"
     "  --ply N         the board at ply N only (0: the start)\n"
     "  --quiet         no boards\n"},
    {"export", cmd_export, "write the recorded games of a games.csv as OTN game records",
     "usage: tafl export GAMES.csv [--rules R] [--out FILE | --dir DIR]\n"
     "\n"
     "Writes every game of GAMES.csv that has its moves (tafl match --record-moves, or\n"
     "record_moves = yes in an experiment) as an OTN game record, to FILE or stdout, one\n"
     "after another, or one file per game as OpenTafl opens them (DIR/game-NNNNNN.otn): tags\n"
     "event, round (the game's index), attackers, defenders, variant, result, termination,\n"
     "compiler and rules, then one line per turn with captures and ++/-- marks. Each game\n"
     "is replayed first and must end as its row says (exit 1 naming the game if not).\n"
     "  --rules R       the games' ruleset (default: each row's ruleset as the run\n"
     "                  directory holding GAMES.csv kept it, else the preset of that name)\n"
     "  --out FILE      write there instead of stdout\n"
     "  --dir DIR       one file per game in DIR (created if missing)\n"},
    {"play", cmd_play, "play a game in the terminal, people against people or agents",
     "usage: tafl play [--rules R] [--attacker human|SPEC] [--defender human|SPEC]\n"
     "                 [--hint SPEC] [--seed N] [--out FILE]\n"
     "\n"
     "Draws the board with its coordinates (rank 1 at the top, as OTN writes squares) and\n"
     "asks each person in turn for a command on stdin; agents move by themselves.\n"
     "  d1-d3           a move (captures are found and shown: d1-d3xd4, ++ the king taken)\n"
     "  undo            take back moves up to your previous turn\n"
     "  hint            the move the hint agent would play here\n"
     "  moves [SQUARE]  every legal move, or those of the piece on SQUARE\n"
     "  board, help, quit\n"
     "An illegal move or unknown command is answered with why, and asked again. The game\n"
     "ends with its result; end of input or quit leaves it unfinished (exit 0 either way).\n"
     "  --rules R       ruleset (default brandubh)\n"
     "  --attacker S    human (default) or an agent spec, e.g. mcts:iterations=2000\n"
     "  --defender S    likewise\n"
     "  --hint SPEC     the agent behind hint (default " PLAY_HINT_DEFAULT ")\n"
     "  --seed N        the agents' seed (default 1)\n"
     "  --out FILE      at the end, write the game as an OTN game record\n"},
    {"merge", cmd_merge, "merge the shards of an experiment into games.csv and summary.csv",
     "usage: tafl merge DIR... [--out DIR]\n"
     "\n"
     "Puts the finished shards of one experiment (the directories of `tafl run FILE.ini\n"
     "--shard I/N`, every I from 1 to N, in any order) back together: experiment.ini,\n"
     "games.csv, meta and summary.csv in --out DIR (default: the directory holding the\n"
     "shard directories, where a single run writes). games.csv and summary.csv are\n"
     "byte-identical to those of a single run. A missing, repeated or unfinished shard, or\n"
     "shards of different runs, are refused; so is a DIR whose games.csv holds games.\n"},
    {"reproduce", cmd_reproduce, "play a finished run again from its directory and compare",
     "usage: tafl reproduce DIR [--out DIR2] [--threads T] [--progress] [--allow-engines]\n"
     "\n"
     "Plays the run in DIR again from what DIR holds alone (setup, rulesets/, meta; see\n"
     "doc/commands.md, \"Experiments and runs\") into DIR2 (default DIR/reproduced) and\n"
     "says, one line each, whether games.csv and summary.csv are byte-identical to DIR's\n"
     "(a DIR kept without its games.csv is judged by summary.csv). The evaluations the run\n"
     "recorded are played, and one that cannot be found is refused before any game. When\n"
     "this binary is not the build that made DIR (meta's build line and bench_quick\n"
     "signature), it says so before playing. Exits 0 when both files are identical, 1 when\n"
     "not. A DIR whose setup\n"
     "names an external engine is refused (exit 2, naming the program) unless\n"
     "--allow-engines says to start it.\n"},
    {"report", cmd_report, "write a study's report: one HTML page, its Markdown twin, a CSV",
     "usage: tafl report DIR... [--out FILE.html] [--md FILE.md] [--csv FILE.csv]\n"
     "\n"
     "Writes one self-contained HTML page (no script, nothing fetched: figures embedded)\n"
     "and its Markdown twin for the run directories given (a run, a curve, a merge, a tune,\n"
     "a training, or any other kind, shown generically): the question (the comment at the\n"
     "top of the experiment file), each ruleset's start position drawn as a board, the\n"
     "agents with every parameter, the balance table with intervals and verdicts, the\n"
     "other tables, the figures, the statistical method with its references, and the\n"
     "provenance (meta, SHA-256 of every file, how to reproduce). It also writes one tidy\n"
     "CSV of every summary.csv row with a dir column. Defaults: DIR/report.html,\n"
     "DIR/report.md and DIR/report.csv for one directory; several need --out, and the\n"
     "Markdown and CSV go beside it (FILE.md, FILE.csv) unless --md or --csv say where.\n"
     "A directory that is missing or not a run directory, or an output that cannot be\n"
     "written, is one line on stderr and exit status 2 (see doc/report.md).\n"},
    {"help", cmd_help, "show help for a command", "usage: tafl help [COMMAND]\n"},

};

#define COMMAND_COUNT ((int)(sizeof COMMANDS / sizeof COMMANDS[0]))

static void print_main_help(FILE *out)
{
    fprintf(out, "tafl %s: measure the balance of tafl rule variants by self-play\n\n",
            TAFL_VERSION);
    fprintf(out, "usage: tafl COMMAND [OPTIONS]\n\ncommands:\n");
    for (int i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(out, "\n  tafl help COMMAND   details of one command\n"
                 "  tafl --version      the version\n");
}

static const Command *find_command(const char *name)
{
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(COMMANDS[i].name, name) == 0)
            return &COMMANDS[i];
    return NULL;
}

static int cmd_help(int argc, char **argv)
{
    if (argc < 2) {
        print_main_help(stdout);
        return EXIT_SUCCESS;
    }
    const Command *c = find_command(argv[1]);
    if (!c)
        return cli_usage_error("help", "unknown command '%s'", argv[1]);
    fputs(c->usage, stdout);
    return EXIT_SUCCESS;
}

/* Ends the process's output: a result that could not be written (stdout on a full disk, a closed
 * pipe's file) is a failure, never a silent success. */
static int finish(const char *name, int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "tafl%s%s: standard output: cannot write: %s\n", name ? " " : "",
                name ? name : "", strerror(errno));
        return status != EXIT_SUCCESS ? status : EXIT_FAILURE;
    }
    return status;
}

/* The commands that play for minutes or hours, where a stop signal matters. */
static bool plays_long(const char *name)
{
    static const char *const LONG[] = {"run", "match", "tune", "train", "reproduce"};
    for (size_t i = 0; i < sizeof LONG / sizeof LONG[0]; i++)
        if (strcmp(name, LONG[i]) == 0)
            return true;
    return false;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_main_help(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_main_help(stdout);
        return finish(NULL, EXIT_SUCCESS);
    }
    if (strcmp(name, "--version") == 0) {
        printf("tafl %s\n", TAFL_VERSION);
        return finish(NULL, EXIT_SUCCESS);
    }
    const Command *c = find_command(name);
    if (!c) {
        fprintf(stderr, "tafl: unknown command '%s' (see `tafl --help`)\n", name);
        return EXIT_USAGE;
    }
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(c->usage, stdout);
            return finish(name, EXIT_SUCCESS);
        }
    }
    /* SIGTERM, SIGINT, SIGHUP stop every engine started; a run ends cleanly, with 128 + the
     * signal's number (143, 130, 129) as its status (harness/signals.h). */
    int ignored[SIGNALS_STOP_COUNT];
    int n_ignored = signals_install(ignored);
    /* nohup's SIGHUP is what its user asked for: only SIGINT and SIGTERM are news. */
    int n_news = 0;
    for (int i = 0; i < n_ignored; i++)
        n_news += ignored[i] != SIGHUP;
    if (n_news > 0 && plays_long(name)) {
        char line[256];
        signals_describe_ignored(line, sizeof line, ignored, n_ignored);
        fprintf(stderr, "tafl %s: note: %s\n", name, line);
    }
    int status = c->run(argc - 1, argv + 1);
    if (status != EXIT_SUCCESS && signals_caught())
        status = 128 + signals_caught();
    return finish(name, status);
}
