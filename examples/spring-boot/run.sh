#!/usr/bin/env bash
# Builds and runs the spring-boot example the way a user's project takes docask: by coordinates.
#   1. installs docask-bom,docask-core,docask-bge,docask-models,docask-spring-boot-starter (and their parent) into the local Maven repository from this checkout
#      (skip with --no-install when that is already done);
#   2. compiles examples/spring-boot against those artifacts and runs its Main: a Spring Boot application with the starter: it asks once through DocaskIndex and once over POST /docask/ask, offline (bge-small, extractive answer).
#      It exits non-zero unless it printed a cited answer.
# Works from any directory. Needs JAVA_HOME (or java on the PATH) at a JDK 21+.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

if [[ "${1:-}" != "--no-install" ]]; then
  ./mvnw -B -q install -DskipTests -pl docask-bom,docask-core,docask-bge,docask-models,docask-spring-boot-starter -am
fi
./mvnw -f examples/spring-boot/pom.xml -B -q compile exec:exec
