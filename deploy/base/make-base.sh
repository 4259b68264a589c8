#!/usr/bin/env bash
# A local stand-in for python:3.11-slim-bookworm where no image registry is reachable:
# a minimal Debian bookworm with Debian's Python 3.11 (+ venv), made with debootstrap
# from the Debian mirror and imported into the local Docker daemon.
#   deploy/base/make-base.sh [IMAGE]      (default marketplay-base:bookworm; needs root)
# The Dockerfile builds on it with --build-arg PYTHON_IMAGE=IMAGE (docs/deploy.md).
set -euo pipefail
image=${1:-marketplay-base:bookworm}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if docker image inspect "$image" >/dev/null 2>&1; then
  echo "base image $image already exists (docker rmi $image to remake it)"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "deploy/base/make-base.sh: debootstrap needs root (or pass a base: make image-test PYTHON_IMAGE=...)" >&2
  exit 1
fi
if ! command -v debootstrap >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi

root=$(mktemp -d /var/tmp/marketplay-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
# minbase: essential + required packages (passwd brings useradd); ca-certificates as in
# the official image; python3.11-venv (+ python3-distutils, which debootstrap does not pick
# for it: a virtual package) brings ensurepip, which the build stage's venv uses.
debootstrap --variant=minbase --include=ca-certificates,python3.11,python3.11-venv,python3-distutils \
  bookworm "$root" "$mirror" >"$root.log" 2>&1 || { tail -20 "$root.log" >&2; exit 1; }
rm -f "$root.log"
# The official image has `python3` and `python` on PATH; so does this one.
ln -sf python3.11 "$root/usr/bin/python3"
ln -sf python3.11 "$root/usr/bin/python"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* \
  "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/var/log/*
tar --numeric-owner -C "$root" -c . | docker import \
  --change 'ENV LANG=C.UTF-8' --change 'CMD ["python3"]' - "$image" >/dev/null
echo "made base image $image: $(docker image inspect -f '{{.Size}}' "$image") bytes"
