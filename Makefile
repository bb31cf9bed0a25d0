# tafl-lab build. `make` builds build/tafl; `make test` runs every test; see README.md.
# Objects go to build/<mode>/ so that release, fast and sanitizer builds never mix.

comma   := ,
CC      ?= cc
SAN     ?=
MODE    ?= release

ifeq ($(origin CC),default)
CC := cc
endif

WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wpointer-arith \
           -Wwrite-strings -Wundef -Wformat=2 -Werror
BASE    := -std=c11 -D_POSIX_C_SOURCE=200809L -fopenmp -ffp-contract=off -I. -MMD -MP
ifeq ($(MODE),fast)
OPT     := -O3 -march=native -DNDEBUG -g
else
OPT     := -O2 -g
endif
ifneq ($(SAN),)
OPT     += -fsanitize=$(SAN) -fno-sanitize-recover=all -fno-omit-frame-pointer
BUILD   := build/$(MODE)-san-$(subst $(comma),-,$(SAN))-$(notdir $(CC))
else
BUILD   := build/$(MODE)-$(notdir $(CC))
endif

PKG_CFLAGS := $(shell pkg-config --cflags check inih 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs inih 2>/dev/null) -lcsv
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null)

CFLAGS_ALL := $(BASE) $(OPT) $(WARN) $(PKG_CFLAGS) $(CFLAGS)
LDFLAGS_ALL := -fopenmp $(filter -fsanitize=%,$(OPT)) $(LDFLAGS)

# The source folders, lowest first. What each may include is the table of scripts/layers.sh
# (make layers checks it); CONTRIBUTING.md's map says what each folder owns.
LAYERS   := rules solve agents stats formats harness tune studies cli
LIB_SRC  := $(filter-out cli/main.c,$(foreach d,$(LAYERS),$(wildcard $(d)/*.c)))
MAIN_SRC := cli/main.c
TEST_SRC := $(wildcard tests/*.c) tests/fuzz/targets.c
# The shipped evaluations (evals/RULESET.eval, written by `tafl train`) become a generated C
# file, so eval=trained needs no data path.
# evals/retired/ keeps the files they replaced, so that runs recorded with them replay.
EVAL_FILES := $(sort $(wildcard evals/*.eval))
EVAL_RETIRED := $(sort $(wildcard evals/retired/*.eval))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/evals.o
MAIN_OBJ := $(MAIN_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)

TAFL     := $(BUILD)/tafl
CHECKBIN := $(BUILD)/check_all

.PHONY: all deps deps-report run test test-unit test-cli test-slurm test-opentafl bench bench-reference fast \
        format format-check layers clean help install uninstall tsan fuzz fuzz-build

all: build/tafl

help:
	@echo "make            build build/tafl (-O2 -g)"
	@echo "make run        install missing packages, build, run experiments/quick-balance.ini"
	@echo "make test       install missing packages, build, run every test"
	@echo "make test SAN=address,undefined   the same under sanitizers"
	@echo "make deps-report  also Chromium and xmllint, for tests/report.sh's rendering checks"
	@echo "make test-opentafl   games against the real OpenTafl (tests/opentafl.sh)"
	@echo "make tsan       a parallel match and run under ThreadSanitizer (clang)"
	@echo "make fuzz FUZZ_SECONDS=N   every libFuzzer target for N seconds (clang)"
	@echo "make bench      run build/tafl bench"
	@echo "make bench-reference   bench and match speed as ratios to the reference program"
	@echo "make test-slurm a real one-node Slurm cluster runs a sharded experiment (root)"
	@echo "make fast       build with -O3 -march=native -DNDEBUG into build/fast-*"
	@echo "make format     apply .clang-format; make format-check checks it"
	@echo "make install PREFIX=/usr/local   install bin/tafl and share/man/man1/tafl.1"

deps:
	@sh scripts/deps.sh

# Headless Chromium and xmllint for the rendering checks of tests/report.sh (skipped with a
# message without them); kept out of `make deps`, since Chromium is large.
deps-report: deps
	@sh scripts/deps.sh --report

# build/tafl always points at the last build of the default configuration.
build/tafl: $(TAFL)
	@if [ "$(TAFL)" != "build/tafl" ]; then ln -sf "$(notdir $(BUILD))/tafl" build/tafl; fi

$(TAFL): $(MAIN_OBJ) $(LIB_OBJ)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) $(PKG_LIBS) -lm

$(CHECKBIN): $(TEST_OBJ) $(LIB_OBJ)
	$(CC) -o $@ $^ $(LDFLAGS_ALL) $(PKG_LIBS) $(CHECK_LIBS) -lm

# A change of flags rebuilds everything in this build directory.
$(BUILD)/flags: FORCE
	@mkdir -p $(BUILD)
	@echo '$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL)' | cmp -s - $@ || echo '$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL)' > $@

# Build facts for run metadata: only this object sees them, and it is compiled every time, but
# replaces the old object only when it differs: an unchanged tree relinks nothing, so that a
# `make` inside the test suite (cli.sh's `make install`) does not rewrite the binary the
# other parts of `make test` are running at that moment ("Permission denied" mid-link).
GIT_REV := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
CC_VERSION := $(shell $(CC) -dumpfullversion -dumpversion 2>/dev/null | head -n 1)
# The source identity notices local edits: "-dirty" when tracked sources differ from HEAD, and a
# hash of every source file that makes the binary (tracked or not), so an edited, rebuilt tree
# never passes for the clean commit.
BUILD_SOURCES = Makefile $(EVAL_FILES) $(EVAL_RETIRED) $(sort $(foreach d,$(LAYERS),$(wildcard $(d)/*.[ch])))
$(BUILD)/harness/buildinfo.o: harness/buildinfo.c FORCE
	@mkdir -p $(dir $@)
	@echo "$(CC) ... -c -o $@ $< (build identity: revision, -dirty, source hash)"
	@$(CC) $(CFLAGS_ALL) -DTAFL_GIT_REV='"$(GIT_REV)"' -DTAFL_COMPILER='"$(CC) $(CC_VERSION)"' \
	    -DTAFL_FLAGS='"$(strip $(OPT))"' \
	    -DTAFL_DIRTY="\"$$(git diff --quiet HEAD -- $(BUILD_SOURCES) 2>/dev/null || echo -dirty)\"" \
	    -DTAFL_SOURCE_HASH="\"$$(cat $(BUILD_SOURCES) | cksum | tr ' ' -)\"" -c -o $@.new $<
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi

$(BUILD)/gen/evals.c: $(EVAL_FILES) $(EVAL_RETIRED) scripts/embed-evals.sh $(BUILD)/flags
	@mkdir -p $(dir $@)
	sh scripts/embed-evals.sh $@ $(EVAL_FILES) --retired $(EVAL_RETIRED)

$(BUILD)/gen/evals.o: $(BUILD)/gen/evals.c
	$(CC) $(CFLAGS_ALL) -c -o $@ $<

$(BUILD)/%.o: %.c $(BUILD)/flags
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c -o $@ $<

FORCE:

# The default experiment: balance of the five 7x7 presets under self-play at four strengths.
# --resume makes a second `make run` reuse the finished games instead of refusing.
run: deps
	@$(MAKE) --no-print-directory all
	./build/tafl run experiments/quick-balance.ini --resume

# The suite starts its commands with the stop signals' default actions, wherever it is started
# (nohup ignores SIGHUP, a script's `&` SIGINT: tafl would say so on every run's stderr).
TESTENV := $(shell env --default-signal=INT,HUP true 2>/dev/null && echo env --default-signal=INT,HUP)

# Check's per-test time limits are for the plain build: a sanitized one runs several times
# slower, and on a shared two-core machine a 4 s limit timed out dozens of quick tests.
CK_SLOWDOWN := $(if $(SAN),CK_TIMEOUT_MULTIPLIER=10,)

# The suite is built, then its parts run side by side, TEST_JOBS at a time (every core by
# default; TEST_JOBS=1 runs them one after another): the Check suites dealt into CHECK_SHARDS processes
# (check_all --shard K/N), and each script of tests/. Every part owns its temporary directory;
# make's --output-sync prints each part's output whole when it ends. The slowest go first.
TEST_JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
CHECK_SHARDS := 0 1 2 3 4 5
TEST_SCRIPTS := cli report train design cost repro safety train_files trust rundirs solve_resume \
                tune_resume stats_inputs kill_resume shards
TEST_PARTS   := $(CHECK_SHARDS:%=test-check-%) $(TEST_SCRIPTS:%=test-sh-%)

test: deps
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) layers $(TAFL) $(CHECKBIN)
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target $(TEST_PARTS)
	sh tests/docs.sh
	@echo "make test: all tests passed ($(BUILD))"

.PHONY: $(TEST_PARTS)
$(CHECK_SHARDS:%=test-check-%): test-check-%:
	$(CK_SLOWDOWN) TAFL=$(TAFL) $(CHECKBIN) --shard $*/$(words $(CHECK_SHARDS))

$(TEST_SCRIPTS:%=test-sh-%): test-sh-%:
	$(TESTENV) TAFL=$(TAFL) sh tests/$*.sh

# Games against the real OpenTafl (tests/opentafl.sh): SKIPPED with a message where it is
# not found, a failure instead with OPENTAFL_REQUIRED=1 (as in CI).
test-opentafl: deps
	@$(MAKE) --no-print-directory $(TAFL)
	$(TESTENV) TAFL=$(TAFL) sh tests/opentafl.sh

bench: all
	./build/tafl bench

# A real one-node Slurm cluster (munged, slurmctld, slurmd on this machine, as root): an
# experiment through scripts/slurm-array.sh, a cancelled and resubmitted task (tests/slurm.sh).
test-slurm: deps
	@$(MAKE) --no-print-directory $(TAFL)
	$(TESTENV) TAFL=$(TAFL) sh tests/slurm.sh

# The speed figures beside the reference program (../shared/reference or $$TAFL_REFERENCE).
bench-reference: fast
	sh scripts/bench-reference.sh

# Fuzzing (tests/fuzz/): one libFuzzer binary per parser a user reaches (tests/fuzz/targets.h),
# built with clang, ASan and UBSan; each runs FUZZ_SECONDS from its seed corpus
# tests/fuzz/<target>/. New inputs go to build/fuzz/corpus/<target>/, a crash to
# build/fuzz/crash-<target>-*; make test replays every seed corpus file (check_fuzz.c).
FUZZ_TARGETS := experiment ruleset otn_rules otn_position otn_move agent_spec games_csv \
                otn_game csv_game train_ini train_pos eval_file
FUZZ_SECONDS ?= 30
FUZZ_SAN     := fuzzer-no-link,address,undefined
FUZZ_BUILD   := build/$(MODE)-san-$(subst $(comma),-,$(FUZZ_SAN))-clang

fuzz: deps
	@$(MAKE) --no-print-directory CC=clang SAN=$(FUZZ_SAN) fuzz-build
	sh tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)

$(BUILD)/fuzz/fuzz_%: tests/fuzz/driver.c $(BUILD)/tests/fuzz/targets.o $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -MMD -MP,$(CFLAGS_ALL)) -fsanitize=fuzzer -DFUZZ_TARGET=fuzz_$* -o $@ $^ \
	    $(LDFLAGS_ALL) $(PKG_LIBS) -lm

# ThreadSanitizer over a parallel match, run, shard and resume (tests/tsan.sh). clang only:
# its OpenMP runtime loads Archer, which tells TSan about OpenMP's locks and barriers; gcc's
# libgomp has no such tool and its TSan reports are false (CONTRIBUTING.md, "Code style";
# doc/development.md says why).
tsan: deps
	@$(MAKE) --no-print-directory CC=clang SAN=thread build/release-san-thread-clang/tafl
	sh tests/tsan.sh build/release-san-thread-clang

# The optimised build: -O3 -march=native -DNDEBUG, in its own directory. Its bench signature
# must equal the default build's.
fast:
	@$(MAKE) --no-print-directory MODE=fast build/fast-$(notdir $(CC))/tafl

# Includes only go downward: every project include is one scripts/layers.sh's table allows
# for its folder (stats/ only rules/common.h and rules/rng.h of rules/; tune/ and studies/
# not each other).
layers:
	@sh scripts/layers.sh

format:
	clang-format -i $$(git ls-files --cached --others --exclude-standard '*.c' '*.h')

format-check:
	clang-format --dry-run --Werror $$(git ls-files --cached --others --exclude-standard '*.c' '*.h')

clean:
	rm -rf build

# Installs the default build and the manual page under $(DESTDIR)$(PREFIX).
PREFIX  ?= /usr/local
BINDIR  := $(PREFIX)/bin
MAN1DIR := $(PREFIX)/share/man/man1

install: $(TAFL)
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MAN1DIR)"
	install -m 755 $(TAFL) "$(DESTDIR)$(BINDIR)/tafl"
	install -m 644 doc/tafl.1 "$(DESTDIR)$(MAN1DIR)/tafl.1"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/tafl" "$(DESTDIR)$(MAN1DIR)/tafl.1"

-include $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_OBJ:.o=.d)
