# The README's commands. Everything installs into .venv; nothing is fetched at
# build, test or read time except Python packages (and Debian's chromium for the
# browser tests, when it is missing and can be installed).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
BOOK_PORT ?= 8000
APP_PORT  ?= 8866
SEED  ?= 1
COUNT ?= 5
# the apps for a class: preheated kernels per app (POOL_APPS: only these apps, e.g.
# "durak/play.ipynb"), kernels in use at most (whole server / one visitor), the address
# to listen on (0.0.0.0 for the class's network) and the names it is reached by
POOL           ?= 1
POOL_APPS      ?=
MAX_KERNELS    ?= 40
MAX_PER_CLIENT ?= 6
APPS_IP        ?= 127.0.0.1
APPS_HOSTS     ?=

.PHONY: serve test book bench fuzz lint format chromium setup clean assignments

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

## make serve: install, build the book, serve it and the Voila apps on localhost
serve: export RULEBOOK_VOILA_URL = http://localhost:$(APP_PORT)
serve: book
	@echo ""
	@echo "  The book:  http://localhost:$(BOOK_PORT)/"
	@echo "  The apps:  http://localhost:$(APP_PORT)/  (the gallery; /sheet prints links and QR codes for a class)"
	@echo "  Stop both with Ctrl-C."
	@echo ""
	@trap 'kill 0' INT TERM EXIT; \
	$(BIN)/python -m http.server $(BOOK_PORT) --bind 127.0.0.1 --directory _build/html >/dev/null 2>&1 & \
	$(BIN)/python book/_voila/serve_apps.py --port $(APP_PORT) --book-url http://localhost:$(BOOK_PORT) \
	  --pool $(POOL) $(if $(POOL_APPS),--pool-apps $(POOL_APPS)) --max-kernels $(MAX_KERNELS) \
	  --max-per-client $(MAX_PER_CLIENT) --ip $(APPS_IP) $(foreach h,$(APPS_HOSTS),--allowed-host $(h))

## make book: build the HTML book from the committed notebooks (warnings are errors)
book: setup
	$(BIN)/jupyter-book build . --warningiserror --quiet

## make site: the book plus its in-browser Python (JupyterLite's Voici, Pyodide from
## npm, every wheel bundled) in _build/html, for any static host (README: Publishing)
.PHONY: site
site: book
	$(BIN)/python lite/build_site.py

## make test: lint, build the book, then every test: engine, properties,
## conformance, notebooks (nbval), widgets and the browser tests
test: setup chromium hub-proxy
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/jupyter-book clean . >/dev/null
	$(BIN)/jupyter-book build . --warningiserror --quiet
	$(BIN)/python lite/build_site.py
	$(BIN)/python -m pytest tests book --doctest-modules rules --nbval --nbval-current-env -q

## make bench: the speed figures the README quotes
bench: setup
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

## make fuzz: hostile notation, saves and actions against every game (SECONDS per part)
SECONDS ?= 60
fuzz: setup
	$(BIN)/python benchmarks/fuzz.py --seconds $(SECONDS)

## make assignments [SEED=1 COUNT=5]: an nbgrader source assignment per chapter in _build/course
assignments: setup
	@for g in $$($(BIN)/python -c "from rules.exercises import games; print(*games())"); do \
	  $(BIN)/python -m rules.exercises.assignment --game $$g --count $(COUNT) --seed $(SEED) --out _build/course || exit 1; \
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
