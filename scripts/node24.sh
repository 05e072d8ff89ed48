#!/bin/sh
# Runs a project script on the pinned Node 24 (the `node` devDependency), whichever Node started npm.
# Installs dependencies first when they are missing or older than the lockfile, so a fresh clone
# needs nothing but `npm start` or `npm test`.
set -e
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci)..."
  npm ci --no-audit --no-fund --loglevel=error
fi
PATH="$PWD/node_modules/.bin:$PATH"
export PATH
exec node_modules/.bin/node "$@"
