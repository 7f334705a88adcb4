#!/usr/bin/env bash
# Sets up everything the test suite needs on a fresh machine, then runs lint and all tests.
# Installs: the package with its test extras (pip); Debian's chromium for the browser tests,
# Debian's nginx for the reverse-proxy test (run by the test on a loopback port with its own
# config; also in front of two server processes), Debian's libcairo2 for the research
# environments' board pictures, Debian's npm and, through it, axe-core for the accessibility checks
# (tests/web/axe/), and Debian's postgresql, started on this machine only, for the store tests
# against PostgreSQL and for the tests of several server processes, whose broker is its
# LISTEN/NOTIFY (apt).
#
# `bash scripts/test.sh --quick` is the check to run before each commit: lint, the type checker and
# the fast tests (core, one whole game's tests, the docs' citations), with nothing installed or
# started; under a minute on a warm machine. CONTRIBUTING.md says which to run when.
set -euo pipefail
cd "$(dirname "$0")/.."

page_js_checks() {
  # The page's modules: lint, JSDoc types of the modules marked // @ts-check, and the pure
  # modules' unit tests on node's own runner (ESLint and TypeScript from tests/js's lock file).
  tests/js/node_modules/.bin/eslint --config tests/js/eslint.config.js asobiba/web/static tests/js
  tests/js/node_modules/.bin/tsc -p tests/js
  node --test tests/js >/dev/null || node --test tests/js
}

if [ "${1:-}" = "--quick" ]; then
  shift
  python3 -m ruff check .
  python3 -m mypy asobiba
  if [ -x tests/js/node_modules/.bin/eslint ]; then page_js_checks
  else echo "page checks skipped: run bash scripts/test.sh once to install ESLint and TypeScript"; fi
  exec python3 -m pytest -q -n auto tests/core tests/games/diceout tests/test_doc_citations.py "$@"
fi

if [ "$(id -u)" -eq 0 ]; then SUDO=""; AS_PG="runuser -u postgres --"; else SUDO="sudo"; AS_PG="sudo -u postgres"; fi
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
ldconfig -p | grep -q 'libcairo\.so\.2' || missing+=(libcairo2)  # board pictures as pixels (CairoSVG)
fc-list :lang=ja 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)  # Japanese text in those pictures
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}…"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'
# axe-core (npm) for the accessibility checks of the browser tests, at the version the lock file pins.
[ -f tests/web/axe/node_modules/axe-core/axe.min.js ] || npm ci --prefix tests/web/axe --no-audit --no-fund --silent
# ESLint and TypeScript (npm, pinned by tests/js's lock file) for the page's JavaScript.
[ -x tests/js/node_modules/.bin/eslint ] || npm ci --prefix tests/js --no-audit --no-fund --silent
python3 -m ruff check .
python3 -m mypy asobiba
page_js_checks

# A local PostgreSQL on 127.0.0.1 (test database only): the tests of several server processes use
# it in the first run, the web store's tests once more in the second.
$SUDO service postgresql start >/dev/null
for _ in $(seq 30); do $AS_PG pg_isready -q && break; sleep 1; done
$AS_PG psql -q -c "DROP DATABASE IF EXISTS asobiba_test" \
  -c "DROP ROLE IF EXISTS asobiba_test" \
  -c "CREATE ROLE asobiba_test LOGIN PASSWORD 'asobiba_test'" \
  -c "CREATE DATABASE asobiba_test OWNER asobiba_test"
PG_URL="postgresql+psycopg://asobiba_test:asobiba_test@127.0.0.1/asobiba_test"

# One test process per core (pytest-xdist), each test file whole in one of them: a file's
# fixtures (its servers, its PostgreSQL tables) are never shared by two processes at once.
ASOBIBA_TEST_PG_URL="$PG_URL" python3 -m pytest -q -n auto --dist loadfile "$@"

ASOBIBA_TEST_DB_URL="$PG_URL" \
  python3 -m pytest -q tests/web/test_web_api.py tests/web/test_web_store.py \
  tests/web/test_web_rooms.py tests/web/test_web_socket.py
