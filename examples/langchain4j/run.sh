#!/usr/bin/env bash
# Builds and runs the langchain4j example the way a user's project takes docask: by coordinates.
#   1. installs docask-bom,docask-core,docask-bge,docask-langchain4j (and their parent) into the local Maven repository from this checkout
#      (skip with --no-install when that is already done);
#   2. compiles examples/langchain4j against those artifacts and runs its Main: a LangChain4j AiServices assistant with DocaskContentRetriever: a docs question and an off-topic one, against a model on 127.0.0.1 unless OPENAI_API_KEY is set.
#      It exits non-zero unless it printed a cited answer.
# Works from any directory. Needs JAVA_HOME (or java on the PATH) at a JDK 21+.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

if [[ "${1:-}" != "--no-install" ]]; then
  ./mvnw -B -q install -DskipTests -pl docask-bom,docask-core,docask-bge,docask-langchain4j -am
fi
./mvnw -f examples/langchain4j/pom.xml -B -q compile exec:exec
