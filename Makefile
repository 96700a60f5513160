# spielwerk: `make play` and `make test` set themselves up on a fresh machine (Python 3.11 and make).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: play play-terminal play-grani play-drachenfels play-avalon serve chromium proxies screenshots test test-slow lint typecheck bench bench-strength fuzz soak clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip==24.3.1
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev,web,browser,rl,openspiel,fast,arena,ray]"
	$(BIN)/python -m spielwerk.warm
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/spielwerk serve --play gyges --seat south=human --seat north=alphabeta:2s

play-terminal: $(STAMP)
	$(BIN)/spielwerk play gyges --south human --north alphabeta:2s

play-grani: $(STAMP)
	$(BIN)/spielwerk play grani --players 4 --yellow human --blue mcts:1s --red mcts:1s --white greedy

play-drachenfels: $(STAMP)
	$(BIN)/spielwerk play drachenfels --red human --blue ismcts:1s --yellow ismcts:1s

play-avalon: $(STAMP)
	$(BIN)/spielwerk play avalon --players 2 --cadoc human --elowen ismcts:1s

serve: $(STAMP)
	$(BIN)/spielwerk serve

# The browser tests drive Debian's Chromium (never a browser download); installed only where missing.
chromium:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

# nginx and Caddy: tests/web/test_behind_a_proxy.py starts the server behind docs/proxy's examples
proxies:
	@{ test -x /usr/sbin/nginx || command -v nginx >/dev/null 2>&1; } && command -v caddy >/dev/null 2>&1 || \
	  { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nginx-light caddy; }

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2 -rs

test-slow: $(STAMP)
	$(BIN)/pytest -n 2 -m slow

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

# the pictures of docs/screenshots.md, taken again after a change to the pages
screenshots: $(STAMP)
	$(BIN)/python -m benchmarks.screenshots

bench: $(STAMP)
	$(BIN)/python -m benchmarks.speed
	$(BIN)/python -m benchmarks.speed --game grani

bench-strength: $(STAMP)
	$(BIN)/python -m benchmarks.strength

fuzz: $(STAMP)
	$(BIN)/python -m benchmarks.fuzz --inputs 1000000

soak: $(STAMP)
	$(BIN)/python -m benchmarks.soak --games 3000

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
