#!/usr/bin/env bash
# Installs what the build needs besides Rust, where it is missing: a C++ compiler (CaDiCaL, built
# from source by the rustsat-cadical crate for research/sat) and libclang (its bindings are
# generated at build time by bindgen). Debian/Ubuntu with apt-get, as root or with sudo.
set -euo pipefail
missing=()
command -v c++ >/dev/null || missing+=(g++)
ldconfig -p 2>/dev/null | grep -q 'libclang[-.0-9]*\.so' || missing+=(libclang-dev)
[ ${#missing[@]} -eq 0 ] && exit 0
command -v apt-get >/dev/null || { echo "missing ${missing[*]} and no apt-get: install a C++ compiler and libclang by hand" >&2; exit 1; }
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
echo "installing ${missing[*]} (apt-get)"
$sudo apt-get update -qq >/tmp/patience-apt.log 2>&1 || { tail -n 20 /tmp/patience-apt.log >&2; exit 1; }
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >>/tmp/patience-apt.log 2>&1 \
    || { tail -n 20 /tmp/patience-apt.log >&2; exit 1; }
