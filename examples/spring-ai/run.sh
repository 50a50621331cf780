#!/usr/bin/env bash
# Builds and runs the spring-ai example the way a user's project takes docask: by coordinates.
#   1. installs docask-bom,docask-core,docask-bge,docask-spring-ai (and their parent) into the local Maven repository from this checkout
#      (skip with --no-install when that is already done);
#   2. compiles examples/spring-ai against those artifacts and runs its Main: a Spring AI ChatClient with RetrievalAugmentationAdvisor and DocaskDocumentRetriever: a docs question and an off-topic one, against a model on 127.0.0.1 unless OPENAI_API_KEY is set.
#      It exits non-zero unless it printed a cited answer.
# Works from any directory. Needs JAVA_HOME (or java on the PATH) at a JDK 21+.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

if [[ "${1:-}" != "--no-install" ]]; then
  ./mvnw -B -q install -DskipTests -pl docask-bom,docask-core,docask-bge,docask-spring-ai -am
fi
./mvnw -f examples/spring-ai/pom.xml -B -q compile exec:exec
