#!/usr/bin/env bash
# The frontend's steps for make (run from the repository root, with .venv/bin first on PATH).
#   install   npm install, only when package.json or package-lock.json changed (a stamp)
#   build     npm run build, only when a source file changed (a stamp over their hashes)
#   api-types dump the OpenAPI schema to frontend/openapi.json and regenerate the TS types
#   check-static  install, lockfile check (CI), API types check, lint, typecheck, unit tests,
#             build
#   e2e       Playwright (after check-static; make test runs it beside pytest)
#   check     both
set -euo pipefail
cd "$(dirname "$0")/.."
FRONTEND=frontend
INSTALL_STAMP="$FRONTEND/node_modules/.arbiter-install-stamp"
BUILD_STAMP="$FRONTEND/dist/.arbiter-build-stamp"
GENERATED=("$FRONTEND/openapi.json" "$FRONTEND/src/lib/api-types.ts")

# The functions below end with `|| return 1` where it matters: `set -e` does not apply inside a
# function called as part of `&&`, `||` or `if`.
in_frontend() { (cd "$FRONTEND" && "$@"); }

hash_of() { sha1sum "$@" | sha1sum | cut -c1-40; }

# Every file the bundle is built from: sources, HTML, configuration, dependencies.
build_inputs() {
  find "$FRONTEND" \( -path "$FRONTEND/node_modules" -o -path "$FRONTEND/dist" \
      -o -path "$FRONTEND/e2e" -o -path "$FRONTEND/test-results" \
      -o -path "$FRONTEND/playwright-report" \) -prune \
    -o -type f ! -name '*.tsbuildinfo' ! -name 'playwright.config.ts' -print0 | sort -z
}

install() {
  local want
  want="$(hash_of "$FRONTEND/package.json" "$FRONTEND/package-lock.json")"
  if [ -f "$INSTALL_STAMP" ] && [ "$(cat "$INSTALL_STAMP")" = "$want" ]; then return; fi
  # A second try rides out a registry hiccup. (Not `npm ci`: the lockfile npm writes here omits
  # other platforms' optional packages, which `npm ci` then reports as missing; CI checks
  # instead that `npm install` leaves the lockfile as committed.)
  local cmd=(npm install --no-audit --no-fund)
  echo "frontend: ${cmd[*]}"
  if ! in_frontend "${cmd[@]}"; then
    echo "frontend: ${cmd[*]} failed; trying once more in 10 s" >&2
    sleep 10
    in_frontend "${cmd[@]}" || { echo "frontend: ${cmd[*]} failed twice" >&2; return 1; }
  fi
  # Hash again: npm may have rewritten the lockfile (CI fails on that separately).
  hash_of "$FRONTEND/package.json" "$FRONTEND/package-lock.json" >"$INSTALL_STAMP"
}

# `build --no-typecheck`: Vite alone, without the `tsc -b` that `npm run build` runs first
# (tsc only type-checks here: noEmit). check-static passes it, right after its own tsc step
# has checked the same sources: a second full type check cost about 10 s of CPU.
build() {
  local want cmd=(npm run build)
  if [ "${1:-}" = --no-typecheck ]; then cmd=(npx vite build); fi
  want="$(build_inputs | xargs -0 sha1sum | sha1sum | cut -c1-40)"
  if [ -f "$BUILD_STAMP" ] && [ -f "$FRONTEND/dist/manifest.json" ] \
    && [ "$(cat "$BUILD_STAMP")" = "$want" ]; then
    echo "frontend: bundle up to date"
    return
  fi
  echo "frontend: ${cmd[*]}"
  in_frontend "${cmd[@]}" || return 1
  # .gz and .br next to each file: WhiteNoise serves them to browsers that accept them.
  .venv/bin/python -m whitenoise.compress -q "$FRONTEND/dist" || return 1
  echo "$want" >"$BUILD_STAMP"
}

api_types() {
  .venv/bin/python manage.py spectacular --format openapi-json --file "$FRONTEND/openapi.json" \
    && in_frontend npm run --silent gen:api
}

# Regenerating must leave the committed schema and types as they are. The files are put back
# as they were afterwards: a check changes nothing (`make api-types` does).
api_types_check() {
  local before stale=0
  before="$(mktemp -d)"
  for file in "${GENERATED[@]}"; do cp "$file" "$before/" 2>/dev/null || true; done
  if ! api_types; then
    echo "frontend: regenerating the API schema and types failed" >&2
    stale=1
  fi
  for file in "${GENERATED[@]}"; do
    if ! cmp -s "$file" "$before/$(basename "$file")"; then
      echo "frontend: $file is stale: run 'make api-types' and commit the result" >&2
      diff -u "$before/$(basename "$file")" "$file" | head -n 40 >&2 || true
      stale=1
    fi
    if [ -f "$before/$(basename "$file")" ]; then cp "$before/$(basename "$file")" "$file"; fi
  done
  rm -rf "$before"
  [ "$stale" = 0 ] && echo "frontend: API schema and types are up to date"
}

lock_check() {
  if [ "${CI:-}" = true ] && ! git diff --exit-code --stat -- "$FRONTEND/package-lock.json"; then
    echo "frontend: npm install changed package-lock.json: commit the lockfile npm writes" >&2
    return 1
  fi
}

# Every step runs even after one failed (so that one run reports them all), except that nothing
# runs without node_modules and Playwright does not run after a failed static check.
# The end of each failed step's output is kept in FAILURES: make test prints it after pytest, so
# that it is at the end of a long log where CI shows it.
FAILURES="$FRONTEND/.check-failures.log"
failed=()
step() {
  echo "frontend: == $1"
  local out
  out="$(mktemp)"
  if ! "${@:2}" 2>&1 | tee "$out"; then
    failed+=("$1")
    { echo "---- frontend step '$1' failed; its last 40 lines:"; tail -n 40 "$out"; } >>"$FAILURES"
  fi
  rm -f "$out"
}

# Steps run beside the next ones (`step_beside NAME CMD...`, then `steps_joined`): each one's
# output is kept and shown when they are joined, so that the log reads step by step.
beside_names=() beside_pids=() beside_outs=()
step_beside() {
  local out
  out="$(mktemp)"
  echo "frontend: == $1 (runs beside the next steps; its output follows theirs)"
  "${@:2}" >"$out" 2>&1 &
  beside_names+=("$1") beside_pids+=($!) beside_outs+=("$out")
}
steps_joined() {
  local i status
  for i in "${!beside_pids[@]}"; do
    status=0
    wait "${beside_pids[$i]}" || status=$?
    echo "frontend: == ${beside_names[$i]} (its output)"
    cat "${beside_outs[$i]}"
    if [ "$status" -ne 0 ]; then
      failed+=("${beside_names[$i]}")
      { echo "---- frontend step '${beside_names[$i]}' failed; its last 40 lines:"
        tail -n 40 "${beside_outs[$i]}"; } >>"$FAILURES"
    fi
    rm -f "${beside_outs[$i]}"
  done
  beside_names=() beside_pids=() beside_outs=()
}

# The catalogues hold exactly the messages the source has (docs/i18n.md): extraction into a
# copy must change nothing. A new text not yet extracted, or a removed one still there, fails
# here; an untranslated one fails Vitest (src/locales/catalogues.node.test.ts).
catalogs_check() {
  local copy
  copy=$(mktemp -d)
  cp -r "$FRONTEND/src/locales" "$copy/"
  (cd "$FRONTEND" && npx lingui extract --clean >/dev/null) || { rm -rf "$copy"; return 1; }
  if ! diff -r -q "$copy/locales" "$FRONTEND/src/locales" >&2; then
    cp -r "$copy/locales/." "$FRONTEND/src/locales/"
    rm -rf "$copy"
    echo "frontend: the catalogues are not what the source extracts:" \
      "run 'cd frontend && npx lingui extract --clean', then translate what it added" >&2
    return 1
  fi
  rm -rf "$copy"
}

verdict() {
  if [ "${#failed[@]}" -gt 0 ]; then
    printf 'frontend: FAILED: %s\n' "$(IFS=,; echo "${failed[*]}" | sed 's/,/, /g')" \
      | tee -a "$FAILURES" >&2
    return 1
  fi
  echo "frontend: $1 passed"
}

# Everything but Playwright; the bundle is built last, so that Playwright (and pytest's shell
# tests) can run beside each other once this has passed (make test).
# Vitest and ESLint run beside tsc and the build: each is single-threaded here (Vitest takes
# cores - 1 workers), so on two cores the four take about the time of the longest pair. Vitest
# starts after the API types step, which rewrites src/lib/api-types.ts for a moment; nothing
# after it writes a file Vitest, ESLint or tsc reads (the build writes only dist/).
check_static() {
  rm -f "$FAILURES"
  step "npm install" install
  if [ "${#failed[@]}" -gt 0 ]; then
    echo "frontend: FAILED: npm install (so no other check ran)" | tee -a "$FAILURES" >&2
    return 1
  fi
  step "lockfile unchanged" lock_check
  step "API types" api_types_check
  step "message catalogues current" catalogs_check
  step_beside "Vitest" in_frontend npm test
  step_beside "ESLint" in_frontend npm run lint
  step "tsc" in_frontend npm run typecheck
  step "build" build --no-typecheck
  steps_joined
  verdict "static checks"
}

e2e() {
  step "Playwright" in_frontend npm run e2e
  verdict "Playwright"
}

check() {
  check_static || { echo "frontend: so no Playwright" | tee -a "$FAILURES" >&2; return 1; }
  e2e
}

case "${1:-}" in
  install) install ;;
  build) install && build ;;
  api-types) install && api_types ;;
  check) check ;;
  check-static) check_static ;;
  e2e) e2e ;;
  *) echo "usage: $0 install|build|api-types|check|check-static|e2e" >&2; exit 2 ;;
esac
