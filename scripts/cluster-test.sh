#!/usr/bin/env bash
# The cluster test by hand: three server processes on one PostgreSQL database behind nginx
# (deploy/nginx/rampart.conf), checked through nginx (apps/server/src/cluster.e2e.ts). Installs
# nginx from Debian's packages when missing. PostgreSQL: TEST_DATABASE_URL, else the local server.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  echo "== installing nginx"
  sudo_if() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  sudo_if apt-get update -qq
  DEBIAN_FRONTEND=noninteractive sudo_if apt-get install -y -qq nginx >/dev/null
fi
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
npm run build --silent
npx vitest run --project e2e apps/server/src/cluster.e2e.ts
