#!/usr/bin/env bash
# Builds buzzer_<version>_<arch>.deb: a release `buzzer` with the Swift runtime linked in
# (--static-swift-stdlib), so the host machine needs no Swift toolchain, only the Debian libraries
# it links (OpenSSL, zlib, libqrencode, libc, libstdc++), which become the package's Depends.
#
#   deploy/debian/build-deb.sh [OUTPUT_FOLDER]
#
# Prints the .deb's path as its last line. The build has a scratch folder of its own
# (BUZZER_DEB_SCRATCH, default .build-deb, git-ignored), kept between runs so a second build is quick;
# the package is assembled in it and written to OUTPUT_FOLDER (default: the scratch folder).
# Layout: /usr/lib/buzzer/{buzzer,buzzer_BuzzerApp.resources} with /usr/bin/buzzer a symlink to the
# binary (the server finds its pages beside the binary's real path), /etc/buzzer/config.json (a
# conffile, paths under /var/lib/buzzer), the sample packs in /usr/share/buzzer/questions (postinst
# copies them into the empty library), the unit in /lib/systemd/system (docs/operations.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=deploy/debian
scratch="${BUZZER_DEB_SCRATCH:-.build-deb}"
scripts/need-debian-packages serve

swift build -c release --static-swift-stdlib --product buzzer --scratch-path "$scratch"
bin="$(swift build -c release --static-swift-stdlib --product buzzer --scratch-path "$scratch" --show-bin-path)"
mkdir -p "${1:-$scratch}"
output="$(cd "${1:-$scratch}" && pwd)"

version="$("$bin/buzzer" --version)"
arch="$(dpkg --print-architecture)"
case "$version" in [0-9]*) ;; *) echo "build-deb: buzzer --version printed '$version', not a version" >&2; exit 1 ;; esac

# Nothing from the toolchain may be linked dynamically: the package must run where /opt/swift is not.
libraries="$(ldd "$bin/buzzer")"
if grep -Eq 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift|not found' <<<"$libraries"; then
    echo "build-deb: the binary still links the Swift toolchain or misses a library:" >&2
    echo "$libraries" >&2
    exit 1
fi

# Depends, as dpkg-shlibdeps would compute them from shlibs files: each library ldd resolves, the
# package that owns it (dpkg -S), and the minimum version that package's shlibs file promises.
depends=()
while read -r soname path; do
    # With merged /usr a package may have shipped the file under /lib or /usr/lib: ask for both.
    real="$(readlink -f "$path")"
    owner=""
    for candidate in "$path" "$real" "/usr${path#/usr}" "${real#/usr}" "/usr${real#/usr}" "${path#/usr}"; do
        owner="$(dpkg -S "$candidate" 2>/dev/null | head -n1)" && [ -n "$owner" ] && break
    done
    owner="${owner%%[:,]*}"
    if [ -z "$owner" ]; then
        echo "build-deb: no Debian package owns $path ($soname); cannot name the dependency" >&2
        exit 1
    fi
    # libssl.so.3 -> "libssl 3"; the shlibs line is "libssl 3 libssl3 (>= 3.0.0)".
    dependency=""
    for shlibs in /var/lib/dpkg/info/"$owner".shlibs /var/lib/dpkg/info/"$owner":*.shlibs; do
        [ -f "$shlibs" ] || continue
        dependency="$(awk -v name="${soname%%.so.*}" -v major="${soname##*.so.}" \
            '$1 == name && $2 == major && !found { $1 = ""; $2 = ""; sub(/^ +/, ""); print; found = 1 }' "$shlibs")"
        [ -z "$dependency" ] || break
    done
    depends+=("${dependency:-$owner}")
done < <(awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' <<<"$libraries")
depends_line="$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')"

root="$scratch/deb/buzzer_${version}_${arch}"
rm -rf "$root"
install -d -m 0755 "$root/DEBIAN" "$root/usr/bin" "$root/usr/lib/buzzer" "$root/etc/buzzer" \
    "$root/usr/share/buzzer/questions" "$root/usr/share/doc/buzzer" "$root/lib/systemd/system"

# The binary and its pages side by side; /usr/bin/buzzer points at it.
install -m 0755 "$bin/buzzer" "$root/usr/lib/buzzer/buzzer"
strip --strip-unneeded --remove-section=.comment "$root/usr/lib/buzzer/buzzer"
cp -R "$bin/buzzer_BuzzerApp.resources" "$root/usr/lib/buzzer/"
ln -s ../lib/buzzer/buzzer "$root/usr/bin/buzzer"

# The shipped config.json with the package's paths: everything the server writes is under /var/lib/buzzer.
sed -e 's|"libraryDirectory": "questions"|"libraryDirectory": "/var/lib/buzzer/questions"|' \
    -e 's|"mediaDirectory": "media"|"mediaDirectory": "/var/lib/buzzer/media"|' \
    -e 's|"directory": "archive"|"directory": "/var/lib/buzzer/archive"|' \
    config.json >"$root/etc/buzzer/config.json"
for path in /var/lib/buzzer/questions /var/lib/buzzer/media /var/lib/buzzer/archive; do
    if ! grep -q "\"$path\"" "$root/etc/buzzer/config.json"; then
        echo "build-deb: config.json changed shape; $path was not set in the packaged config" >&2
        exit 1
    fi
done

install -m 0644 questions/*.json "$root/usr/share/buzzer/questions/"
install -m 0644 "$here/buzzer.service" "$root/lib/systemd/system/buzzer.service"
install -m 0644 README.md docs/operations.md "$root/usr/share/doc/buzzer/"
for script in postinst prerm postrm; do
    install -m 0755 "$here/$script" "$root/DEBIAN/$script"
done
echo /etc/buzzer/config.json >"$root/DEBIAN/conffiles"
chmod -R u+w,go-w,a+rX "$root"

maintainer="${BUZZER_DEB_MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || echo 'Buzzer <buzzer@localhost>')}"
cat >"$root/DEBIAN/control" <<EOF
Package: buzzer
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends_line
Section: games
Priority: optional
Description: live trivia server for bar quiz nights
 The host runs the game from a laptop or phone; players join from their phones
 with a short code and a QR code, and a projector shows the questions and the
 board. Every game is kept in an append-only log that replays and verifies.
 .
 The Swift runtime is linked in: no Swift toolchain is needed. Start it with
 systemctl enable --now buzzer; journalctl -u buzzer shows the host link, and
 runuser -u buzzer -- buzzer edit-token the edit token it needs.
EOF

deb="$output/buzzer_${version}_${arch}.deb"
# gzip: 24 MB where xz makes 16, in a fifth of the time (xz takes most of a rebuild otherwise).
dpkg-deb -Zgzip --build --root-owner-group "$root" "$deb" >/dev/null
echo "$deb"
