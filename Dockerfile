# docask serve in a container, from the self-contained distribution (it brings its own Java runtime):
#   ./mvnw -Pdist package -DskipTests        # docask-dist/target/docask-VERSION-linux-x64.tar.gz
#   docker build -t docask .
#   docker run --rm -v "$PWD/docs:/docs:ro" -v docask-index:/index docask \
#       index /docs --out /index --base-url https://docs.example.com
#   docker run -p 8080:8080 -v docask-index:/index -e DOCASK_ALLOW_ORIGIN=https://docs.example.com docask
# Every serve option is also a DOCASK_* variable (DOCASK_MODEL, DOCASK_RATE_LIMIT, ...; PORT too).
FROM debian:bookworm-slim

# ADD unpacks the tarball into /opt/docask-VERSION; ln fails if target/ holds more than one version.
ADD docask-dist/target/docask-*-linux-x64.tar.gz /opt/
RUN ln -s /opt/docask-* /opt/docask \
 && ln -s /opt/docask/bin/docask /usr/local/bin/docask \
 && useradd --system --uid 10001 --user-group --create-home --home-dir /home/docask docask \
 && install -d -o docask -g docask /index /opt/docask/target
# /opt/docask/target: where 'docask demo' writes its index.

USER docask
WORKDIR /home/docask
ENV LANG=C.UTF-8 DOCASK_INDEX=/index
VOLUME /index
EXPOSE 8080

# No curl in the image: bash asks /healthz itself (200 while serving; on shutdown new connections are refused,
# and a request on one already open gets 503 while running answers drain).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${DOCASK_PORT:-${PORT:-8080}} && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && head -n1 <&3 | grep -q ' 200 '"]

ENTRYPOINT ["docask"]
CMD ["serve", "--host", "0.0.0.0"]
