# Two commands on a machine with Python 3.11 and make:
#   make run    install into .venv and check every bundled seed scenario, then print seed coverage
#   make test   install with the test extra into .venv and run the tests
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
SOURCES := pyproject.toml $(wildcard bridge/*.py bridge/data/* logic/*.lp logic/cards/*.lp queries/* schema/*)

.PHONY: run test bench fuzz schema clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# A real (non-editable) install: what a user gets, logic/ and queries/ inside the package.
$(VENV)/.installed: $(BIN)/python $(SOURCES)
	$(BIN)/python -m pip install --quiet '.[test]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/rulecheck check seeds/scenarios
	$(BIN)/rulecheck seeds seeds

test: $(VENV)/.installed
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/python bench/run.py

# Every fuzzer, 10,000 examples each (of each target), both run even if the first finds something:
# the differential fuzzer (generated scenarios answered normally, with full_demand=1 and with every
# logic file loaded; differences go to fuzz-findings/, tests/fuzz.py --help) and the input fuzzer
# (scenario-shaped documents, mutated seed scenarios and card data through the command line;
# tracebacks, hangs, messages and nondeterminism go to fuzz-input-findings/, tests/fuzz_input.py --help).
FUZZ_EXAMPLES ?= 10000
fuzz: $(VENV)/.installed
	status=0; \
	$(BIN)/python tests/fuzz.py --examples $(FUZZ_EXAMPLES) || status=1; \
	$(BIN)/python tests/fuzz_input.py --examples $(FUZZ_EXAMPLES) || status=1; \
	exit $$status

# Regenerate the published JSON Schema from the scenario format (a test checks it is current).
schema: $(VENV)/.installed
	$(BIN)/rulecheck schema > schema/scenario.schema.json

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
