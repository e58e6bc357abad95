#!/usr/bin/env bash
# Installs everything PhoneBuddy Studio needs on Debian 12 (with Node >= 20 and npm):
# the Debian packages, the npm dependencies, and the VS Code host the integration tests and
# `npm start` run in (cached outside the clone). Safe to run again: each step is skipped when
# it is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

# adb: the real ADB server the device layer talks to; chromium: the browser the workbench
# tests drive; libkrb5-dev, build-essential, python3: the VS Code server's native modules
# are compiled against Node 24 during provisioning.
APT_PACKAGES=(adb chromium libkrb5-dev build-essential python3 python3-websockets python3-requests python3-pip ca-certificates git)

say() { echo "[install] $*"; }

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "apt-get install ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  say "Debian packages present: ${APT_PACKAGES[*]}"
fi

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "[install] Node >= 20 is required (found $(node --version))" >&2
  exit 1
fi

# npm dependencies. onnxruntime-node's install step downloads GPU provider files and fails
# offline; the CPU binaries we use ship inside the package, so the step is skipped.
export ONNXRUNTIME_NODE_INSTALL=skip
stamp=node_modules/.phonebuddy-install
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ]; then
  say "node_modules matches package-lock.json"
elif [ -d node_modules ] && npm ls --depth=0 >/dev/null 2>&1; then
  say "node_modules already satisfies package.json"
  echo "$lock_hash" > "$stamp"
else
  say "npm ci"
  npm ci --no-audit --no-fund
  echo "$lock_hash" > "$stamp"
fi

# The VS Code host (Node 24 + code-server) for `npm start` and the integration tests.
node scripts/provision-vscode-host.mjs
say "done"
