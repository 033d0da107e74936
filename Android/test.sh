#!/usr/bin/env bash
# Compiles the Android SDK's two layers and runs the core's JUnit 5 tests against the real
# server, without Gradle (these machines have no Android toolchain):
#   1. core/        plain Java, javac --release 17, every lint warning an error;
#   2. android/     the Android layer, against the API stubs in android/src/test/stubs
#                   (compiled only: it cannot run off a device), and the activity in
#                   Docs/Android.md against both;
#   3. both again at --release 8: no Java API newer than Java 8 (minSdk 21);
#   4. core tests   JUnit 5 (Debian's junit5 package), starting `unilink serve` on loopback.
# UNILINK_BINARY names the server (default: the repository's .build/debug/unilink, from
# `swift build`); JUNIT_CONSOLE the console launcher jar (default: Debian's).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repository="$(dirname "$here")"
export UNILINK_BINARY="${UNILINK_BINARY:-$repository/.build/debug/unilink}"
junit="${JUNIT_CONSOLE:-/usr/share/java/junit-platform-console-standalone.jar}"

command -v javac >/dev/null || { echo "javac is not installed (Debian: default-jdk-headless)" >&2; exit 2; }
[ -f "$junit" ] || { echo "the JUnit console launcher $junit is missing (Debian: junit5)" >&2; exit 2; }
[ -x "$UNILINK_BINARY" ] || { echo "UNILINK_BINARY=$UNILINK_BINARY is not an executable; run swift build first" >&2; exit 2; }

out="$(mktemp -d "${TMPDIR:-/tmp}/unilink-android-build.XXXXXX")"
trap 'rm -rf "$out"' EXIT
strict=(-Xlint:all -Werror --release 17 -encoding UTF-8)

# The Java files under the given folders, as an array (paths with spaces stay whole).
sources() { local name="$1"; shift; mapfile -d '' -t "$name" < <(find "$@" -name '*.java' -print0 | sort -z); }
sources core_sources "$here/core/src/main/java"
sources stub_sources "$here/android/src/test/stubs"
sources android_sources "$here/android/src/main/java"
sources test_sources "$here/core/src/test/java"

javac "${strict[@]}" -d "$out/core" "${core_sources[@]}"
javac "${strict[@]}" -d "$out/stubs" "${stub_sources[@]}"
javac "${strict[@]}" -cp "$out/core:$out/stubs" -d "$out/android" "${android_sources[@]}"
# The guide's activity, as an app would write it.
mkdir -p "$out/sample"
awk '/^```java$/ { inside = 1; next } /^```$/ { if (inside) exit } inside' "$repository/Docs/Android.md" > "$out/sample/MainActivity.java"
grep -q "class MainActivity" "$out/sample/MainActivity.java" || { echo "Docs/Android.md has no MainActivity in its first java block" >&2; exit 1; }
javac "${strict[@]}" -cp "$out/core:$out/android:$out/stubs" -d "$out/sample" "$out/sample/MainActivity.java"
# -options: JDK 21 and later warn that --release 8 is obsolete (a warning about the flag, not the code).
javac -Xlint:all,-options -Werror --release 8 -encoding UTF-8 -cp "$out/stubs" -d "$out/release8" \
    "${core_sources[@]}" "${android_sources[@]}"
echo "compiled: core ($(find "$out/core" -name '*.class' | wc -l) classes), android layer against stubs ($(find "$out/android" -name '*.class' | wc -l) classes), Docs/Android.md's activity; both at --release 8 too"
javac "${strict[@]}" -cp "$out/core:$junit" -d "$out/tests" "${test_sources[@]}"

# Host headers name the demo app's hosts on a loopback address; Java lets a client set one only when told.
java -Djdk.httpclient.allowRestrictedHeaders=host -jar "$junit" \
    --class-path "$out/core:$out/tests" --select-package dev.unilink.core \
    --disable-banner --fail-if-no-tests --include-engine=junit-jupiter --details=tree --disable-ansi-colors ${JUNIT_REPORTS:+--reports-dir "$JUNIT_REPORTS"}
