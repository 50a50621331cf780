#!/usr/bin/env bash
# Builds and runs the library example the way a user's project takes docask: by coordinates.
#   1. installs docask-bom, docask-core and docask-bge (and their parent) into the local Maven
#      repository from this checkout (skip with --no-install when that is already done);
#   2. compiles examples/library against those artifacts and runs its Main, which indexes samples/
#      with bge-small and asks one question offline; it exits non-zero if the answer is refused.
# Works from any directory. Needs JAVA_HOME (or java on the PATH) at a JDK 21+.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

if [[ "${1:-}" != "--no-install" ]]; then
  ./mvnw -B -q install -DskipTests -pl docask-bom,docask-core,docask-bge -am
fi
./mvnw -f examples/library/pom.xml -B -q compile exec:exec
