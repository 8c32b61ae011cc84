# The README's two commands: `make run` and `make test` (`make check` is its quick subset). Each sets up
# what it needs and is idempotent.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

# What each command installs (pyproject.toml's extras): `make run` the web app alone, `make test` (and
# the checks) every extra but the benchmarks'. A stamp a set of extras: `make test` stamps both sets,
# since it installs all that `make run` needs; `make run` after it installs nothing.
RUN_EXTRAS := web
TEST_EXTRAS := dev,research,web,dask,plot,postgres,pdf
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed-test
NODE_STAMP := node_modules/.installed
SOURCES := pyproject.toml setup.py $(wildcard src/noddy/kernel/*.c src/noddy/kernel/*/*.c src/noddy/kernel/*/*.h)
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check

.PHONY: run test test-full check lint bench install clean chromium postgres tmux node

# A new venv's pip (the one Python bundles, 23.2 here) first becomes a pinned newer one: it resolves
# `make test`'s extras in 14.6 s of CPU where 23.2 took 34.8 (the whole install 62.6 s against 83.3),
# for 3 s of its own install.
$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) pip==26.3 || { rm -rf $(VENV); exit 1; }

$(RUN_STAMP): $(SOURCES) | $(VENV)/bin/python
	$(PIP) -e '.[$(RUN_EXTRAS)]'
	touch $@

$(STAMP): $(SOURCES) | $(VENV)/bin/python
	$(PIP) -e '.[$(TEST_EXTRAS)]'
	touch $@ $(RUN_STAMP)

install: $(STAMP) $(NODE_STAMP)

run: $(RUN_STAMP) $(NODE_STAMP)
	$(BIN)/noddy serve

# The browser tests drive Debian's Chromium in its headless build, and the PDF handouts print with it
# (with `chromium`, the whole browser, where it is missing); never `playwright install`: its download is
# blocked.
chromium:
	test -x /usr/bin/chromium -a -x /usr/bin/chromium-headless-shell \
	|| (apt-get update && apt-get install -y chromium chromium-headless-shell)

# node_modules, from npm, pinned by package-lock.json: Pyodide, which the app serves so that noddy's own
# engine runs in the page offline (/engine; 14 MB installed, a few seconds' `npm ci` on a warm cache),
# and axe-core, which the browser tests inject. `make run` and `make test` install them; a stamp:
# `npm ci` runs again only when the lock changes.
$(NODE_STAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

node: $(NODE_STAMP)

# The terminal's hot-seat test drives the game in a real terminal: tmux, from Debian.
tmux:
	command -v tmux >/dev/null || (apt-get update && apt-get install -y tmux)

# The store and restart tests also run on a throwaway cluster of Debian's PostgreSQL. Where it can be
# neither found nor installed (no apt-get, not root) those tests skip and say why; under CI they fail.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
	|| if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y postgresql; \
	else echo "PostgreSQL is not installed and cannot be here (needs apt-get and root): its tests will skip"; fi

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy --strict src

# NODDY_REQUIRE_KERNEL: the compiled kernel must have been built (its tests fail, not skip, without it).
# Each prints the slowest tests and each test file's seconds (tests/conftest.py).
# `make test` (and CI) runs every test file and every test but the long tails of the proofs (marked
# `full`: more seeds, deals or budget of a proof whose every table and path `make test` plays);
# `make test-full` runs those too (some 6 minutes of CPU more). `make check` is the quick subset to
# run often: every test but those marked slow (exhaustive checks, whole games, the browser) or full,
# and those on PostgreSQL.
# Each runs the tests in parallel, a pytest-xdist worker per core (`make test WORKERS=1` for one; each
# worker is a process with its own temporary folders and its own PostgreSQL cluster). A worker that
# has run its share takes tests still waiting from the other (`--dist worksteal`: the two end together
# though a browser's whole game takes a minute and most tests a fraction of a second), so a test is
# never bound to one worker: each makes what it needs its own (tmp_path, a free port, its own server).
WORKERS ?= auto
PARALLEL = -n $(WORKERS) --dist worksteal
# `make test` and `make test-full` lint as `make lint` does, but mypy runs beside the tests: from a
# fresh clone its cache is cold (23 s of CPU, 25-45 s alone before the tests), and the tests leave a
# third of the two cores idle (the browser's waits). It runs at a lower priority, so it takes what the
# tests leave; its report follows theirs, and either failing fails the command (the tests' status
# first). ruff, under a second, still runs first.
BESIDE_TESTS = nice -n 10 $(BIN)/mypy --strict src > $(VENV)/mypy.out 2>&1 & mypy=$$!;
AFTER_TESTS = tests=$$?; wait $$mypy; typed=$$?; cat $(VENV)/mypy.out; [ $$tests = 0 ] || exit $$tests; exit $$typed
# src is compiled to bytecode first (0.6 s of CPU): where PYTHONDONTWRITEBYTECODE is set, as on the
# project's machines and in CI, each process the tests start (the CLI, servers, dask workers) compiled
# what it imports anew (tests/cli and the other subprocess-heavy files: 228 CPU s, 207 with it).
COMPILED = $(BIN)/python -m compileall -q src
test: $(STAMP) chromium postgres tmux node
	$(BIN)/ruff check src tests bench
	$(COMPILED)
	$(BESIDE_TESTS) NODDY_REQUIRE_KERNEL=1 $(BIN)/python -m pytest src tests -m "not full" $(PARALLEL) --durations=25; $(AFTER_TESTS)

test-full: $(STAMP) chromium postgres tmux node
	$(BIN)/ruff check src tests bench
	$(COMPILED)
	$(BESIDE_TESTS) NODDY_REQUIRE_KERNEL=1 $(BIN)/python -m pytest src tests $(PARALLEL) --durations=25; $(AFTER_TESTS)

check: lint tmux
	NODDY_REQUIRE_KERNEL=1 $(BIN)/python -m pytest src tests -m "not slow and not full and not postgres" $(PARALLEL) --durations=10

# The benchmarks' baselines (cribbage-scorer, OpenSpiel) are an optional extra, installed here only.
bench: $(STAMP) $(NODE_STAMP) postgres chromium
	$(PIP) -e '.[dev,bench]'
	$(BIN)/python bench/run.py
	$(BIN)/python bench/processes.py
	$(BIN)/python bench/games.py
	$(BIN)/python bench/sim_scaling.py
	$(BIN)/python bench/research.py --speed
	$(BIN)/python bench/vector.py
	$(BIN)/python bench/board.py
	$(BIN)/python bench/web.py
	$(BIN)/python bench/web_computers.py
	$(BIN)/python bench/web_site.py
	$(BIN)/python bench/web_lobby.py
	$(BIN)/python bench/strength.py
	$(BIN)/python bench/engine_browser.py

clean:
	rm -rf $(VENV) node_modules build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
