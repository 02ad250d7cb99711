# The README's commands. Everything installs into .venv; nothing is fetched at
# build, test or read time except Python packages (and Debian's chromium for the
# browser tests, when it is missing and can be installed).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# every extra's packages pinned (make lock writes it; make setup installs within it)
LOCK   := requirements/constraints.txt
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml $(LOCK) | cksum | cut -d' ' -f1)
PORT ?= 8866
SEED  ?= 1
COUNT ?= 5
# the apps for a class (README, "Apps for a class"); left empty, serve_apps.py's defaults: 30
# kernels kept warm for whichever app is opened (WARM), no app's page drawn ahead (POOL: pages
# per app, POOL_APPS: only these apps, e.g. "durak/play.ipynb", POOL_LANG: drawn in en or ru), 40 kernels in use at most
# (MAX_KERNELS) and 6 per visitor (MAX_PER_CLIENT); the address to listen on (0.0.0.0 for
# the class's network) and the names it is reached by
WARM           ?=
POOL           ?=
POOL_APPS      ?=
POOL_LANG      ?=
MAX_KERNELS    ?=
MAX_PER_CLIENT ?=
APPS_IP        ?= 127.0.0.1
APPS_HOSTS     ?=
# the class's folder: the teacher's board of names and practice verdicts (default: data/class)
CLASS_DIR      ?=

.PHONY: serve test test-long book bench fuzz conformance lint format chromium setup clean assignments lock

setup: $(STAMP)

$(STAMP): pyproject.toml $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e ".[test]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

## make lock [UPGRADE=1]: pin every extra of pyproject.toml again in requirements/constraints.txt,
## resolved from PyPI by uv for the venv's Python. The pins that still satisfy pyproject.toml are
## kept; UPGRADE=1 moves every package to its newest allowed release (then run make test, and read
## tests/test_patches.py's failures, if any, against classserver/patches.py)
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e ".[lock]"
	$(BIN)/python -m uv pip compile pyproject.toml --all-extras --python $(BIN)/python $(if $(UPGRADE),--upgrade) \
	  --quiet -o $(LOCK)

## make serve: install, build the book, serve it and its apps at one address
# (the book's app buttons go to the apps beside it: ".." from the book at /book/)
serve: export RULEBOOK_VOILA_URL = ..
serve: book
	@echo ""
	@echo "  The apps:  http://localhost:$(PORT)/  (the gallery; /sheet prints links and QR codes for a class)"
	@echo "  The book:  http://localhost:$(PORT)/book/"
	@echo "  Stop with Ctrl-C."
	@echo ""
	$(BIN)/python -m classserver --port $(PORT) --ip $(APPS_IP) \
	  $(if $(WARM),--warm $(WARM)) $(if $(POOL),--pool $(POOL)) $(if $(POOL_APPS),--pool-apps $(POOL_APPS)) \
	  $(if $(POOL_LANG),--pool-lang $(POOL_LANG)) \
	  $(if $(MAX_KERNELS),--max-kernels $(MAX_KERNELS)) $(if $(MAX_PER_CLIENT),--max-per-client $(MAX_PER_CLIENT)) \
	  $(foreach h,$(APPS_HOSTS),--allowed-host $(h)) \
	  $(if $(CLASS_DIR),--class-dir $(CLASS_DIR))

## make book: build the HTML book from the committed notebooks (warnings are errors)
book: setup
	$(BIN)/jupyter-book build . --warningiserror --quiet

## make site: the book plus its in-browser Python (JupyterLite's Voici, Pyodide from
## npm, every wheel bundled) in _build/html, for any static host (README: Publishing)
.PHONY: site
site: book
	$(BIN)/python lite/build_site.py

## make test: lint, build the book, then every test: engine, properties,
## conformance, notebooks (nbval), widgets and the browser tests (the 30 slowest named at the end)
test: setup chromium hub-proxy
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/jupyter-book clean . >/dev/null
	$(BIN)/jupyter-book build . --warningiserror --quiet
	$(BIN)/python lite/build_site.py
	$(BIN)/python -m pytest tests book --doctest-modules rules --nbval --nbval-current-env -q -n 2 --dist loadfile \
	  --no-loadscope-reorder --durations=30

## make test-long: the whole of each check that make test runs a part of (every page of the book on a
## phone, every table at every size, every game played to its end, ...: the files that import tests/long.py,
## README: "The two commands"), with RULEBOOK_LONG=1
LONG_TESTS = $(sort $(shell grep -rl --include='test_*.py' '^from tests.long import' tests))
test-long: book chromium
	RULEBOOK_LONG=1 $(BIN)/python -m pytest $(LONG_TESTS) -q -n 2 --dist loadfile --no-loadscope-reorder

## make bench: the speed figures the README quotes
bench: setup
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python -m benchmarks.$$(basename $$f .py) || exit 1; done

## make fuzz: hostile notation, saves and actions against every game (SECONDS per part)
SECONDS ?= 60
fuzz: setup
	$(BIN)/python -m benchmarks.fuzz --seconds $(SECONDS)

## make conformance [CONFORMANCE_SEEDS=20]: the protocol's random playouts of every game, variant and
## player count with more seeds than make test plays (1)
CONFORMANCE_SEEDS ?= 20
conformance: setup
	RULEBOOK_CONFORMANCE_SEEDS=$(CONFORMANCE_SEEDS) $(BIN)/python -m pytest tests/test_conformance.py -q -n 2 \
	  -k test_random_playouts_keep_the_protocol

## make assignments [SEED=1 COUNT=5 COURSE=course]: an nbgrader source assignment per chapter in the
## course folder (git-ignored, and never under _build, which make clean deletes; its key is kept
## outside it, in ~/.config/rulebook/course-keys.json)
COURSE ?= course
assignments: setup
	@for g in $$($(BIN)/python -c "from rules.exercises import games; print(*games())"); do \
	  $(BIN)/python -m rules.exercises.assignment --game $$g --count $(COUNT) --seed $(SEED) --out $(COURSE) || exit 1; \
	done

lint: setup
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

format: setup
	$(BIN)/ruff check --fix . && $(BIN)/ruff format .

## JupyterHub's proxy (configurable-http-proxy, from the npm registry) for deploy/jupyterhub
HUB_PROXY := deploy/jupyterhub/node_modules/.bin/configurable-http-proxy
hub-proxy: $(HUB_PROXY)

$(HUB_PROXY): deploy/jupyterhub/package.json deploy/jupyterhub/package-lock.json
	@if ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo"; \
	  else echo "JupyterHub's proxy needs Node.js and npm: sudo apt-get install -y nodejs npm"; exit 1; fi; \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q nodejs npm; fi
	npm ci --prefix deploy/jupyterhub --no-audit --no-fund --loglevel=error
	touch $@

## Debian's chromium drives the browser tests (never a downloaded browser)
chromium:
	@if [ -x /usr/bin/chromium ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; \
	elif sudo -n true 2>/dev/null; then SUDO="sudo"; \
	else echo "The browser tests need Debian's chromium. Install it with:"; \
	     echo "    sudo apt-get install -y chromium"; exit 1; fi; \
	echo "Installing Debian's chromium for the browser tests"; \
	$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium

clean:
	rm -rf _build
