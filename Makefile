# Every target works from a fresh clone: `make run` and `make test` install what they need.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/installed.stamp
LOCAL_PG := postgres://tenbou@127.0.0.1:5432/tenbou

.PHONY: install run test lint format messages bench

# The .mo files are committed (make run works without gettext); this catches an edited .po.
# The engine's hot modules are compiled with mypyc when the machine can (plain Python otherwise).
install: $(STAMP)
	@if command -v msgfmt >/dev/null; then $(PY) manage.py compilemessages --ignore=$(VENV) -v0; fi
	@$(PY) scripts/build_engine.py

# Reinstall only when the dependencies may have changed.
$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev]'
	@touch $@

run: install
	$(PY) manage.py migrate --no-input
	$(PY) manage.py demo
	$(PY) manage.py demo_tournament
	$(PY) manage.py runserver 127.0.0.1:8000

# Bytecode is written even where the environment says PYTHONDONTWRITEBYTECODE: otherwise each
# test worker compiles the project and rewrites the tests' asserts again on every run (7 s each).
test: install
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# One catalogue per app (<app>/locale) and one for the project's own templates (locale/).
messages: install
	$(PY) manage.py makemessages -l ja --no-obsolete \
		--ignore='$(VENV)/*' --ignore='staticfiles/*' --ignore='tests/*' --ignore='bench/*' \
		--ignore='clubs/*' --ignore='scoring/*' --ignore='standings/*' --ignore='reports/*' \
		--ignore='tournaments/*' --ignore='docs/*'
	cd clubs && ../$(PY) ../manage.py makemessages -l ja --no-obsolete
	cd scoring && ../$(PY) ../manage.py makemessages -l ja --no-obsolete
	cd standings && ../$(PY) ../manage.py makemessages -l ja --no-obsolete
	cd reports && ../$(PY) ../manage.py makemessages -l ja --no-obsolete
	cd tournaments && ../$(PY) ../manage.py makemessages -l ja --no-obsolete
	$(PY) manage.py compilemessages --ignore=$(VENV)

# Benchmarks that need PostgreSQL read DATABASE_URL; unset, they get the local server.
bench: install
	@set -e; \
	if [ -z "$$DATABASE_URL" ]; then .ci/pg-setup; export DATABASE_URL=$(LOCAL_PG); fi; \
	for script in bench/*.py; do \
		[ -e "$$script" ] || continue; \
		case "$$(basename "$$script")" in _*) continue;; esac; \
		echo "== $$script"; \
		$(PY) "$$script"; \
	done
