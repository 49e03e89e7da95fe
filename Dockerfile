# syntax=docker/dockerfile:1
#
# The Meridian server image. Build from the repository root:
#   docker build -t meridian:0.1.0-SNAPSHOT .
# Configuration comes from the environment (docs/configuration.md; for example
# MERIDIAN_CASSANDRA_CONTACT_POINTS); deploy/compose and deploy/kubernetes show a whole cluster.

# Build stage: the Maven Wrapper fetches the pinned Maven itself, so a plain JDK image suffices.
FROM eclipse-temurin:17.0.19_10-jdk-noble AS build
WORKDIR /src
COPY . .
# The cache mount keeps ~/.m2 between builds without putting it in a layer. -am also builds
# deploy/local and deploy/local-servers (the launcher is in the jar), which resolve Cassandra's and
# Elasticsearch's artifacts from Maven Central: they stay in this stage, never in the image.
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -DskipTests package -pl stack/server -am \
 && cp stack/server/target/meridian.jar /meridian.jar

# Runtime stage: a JRE only. The Ubuntu-based Temurin images ship curl, which the health check uses.
FROM eclipse-temurin:17.0.19_10-jre-noble
RUN groupadd --system --gid 10001 meridian \
 && useradd --system --uid 10001 --gid meridian --no-create-home --home-dir /app meridian
WORKDIR /app
# Owned by root and read-only for the server: it writes nothing but temporary files (/tmp).
COPY --from=build --chmod=444 /meridian.jar /app/meridian.jar
USER 10001:10001
EXPOSE 8080
# /lb-status does no I/O: 200 while this node holds a live Cassandra connection, else 503.
# Kubernetes ignores HEALTHCHECK and uses the probes in deploy/kubernetes instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD curl -fsS -o /dev/null "http://127.0.0.1:${SERVER_PORT:-8080}/lb-status" || exit 1
# Heap from the container's memory limit, not the host's: 75% leaves room for metaspace, thread
# stacks, Netty's direct buffers and the code cache. An OutOfMemoryError exits the JVM so the
# orchestrator restarts the node instead of leaving it half-alive. More flags: JDK_JAVA_OPTIONS.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:InitialRAMPercentage=50", "-XX:+ExitOnOutOfMemoryError", "-Djava.io.tmpdir=/tmp", "-jar", "/app/meridian.jar"]
