#!/usr/bin/env bash
# Sets up everything the test suite needs on a fresh machine, then runs lint and all tests.
# Installs: the package with its test extras (pip), Debian's chromium for the browser tests (apt).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests…"
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'
python3 -m ruff check .
python3 -m pytest -q "$@"
