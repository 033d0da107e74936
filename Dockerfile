# For teams that deploy containers. NOT built on the machines this repository is developed
# on (they have no container runtime): it runs Scripts/release.sh, which is, and copies
# only the one file that script builds and smoke-tests, with the Debian packages the
# script found it needs (unilink.requires: libmaxminddb0 among them, for countries).
FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY . .
RUN apt-get update && apt-get install -y --no-install-recommends curl zlib1g-dev libmaxminddb-dev python3 binutils && Scripts/release.sh /out

FROM debian:bookworm-slim
COPY --from=build /out/unilink.requires /tmp/unilink.requires
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl tzdata $(cat /tmp/unilink.requires) \
    && rm -rf /var/lib/apt/lists/* && useradd --system --home-dir /var/lib/unilink --create-home unilink
COPY --from=build /out/unilink /usr/local/bin/unilink
USER unilink
WORKDIR /var/lib/unilink
VOLUME /var/lib/unilink
ENV UNILINK_HOST=0.0.0.0 UNILINK_PORT=8080 UNILINK_DATABASE_URL=sqlite:///var/lib/unilink/unilink.sqlite
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=2s CMD curl -fsS http://127.0.0.1:8080/readyz || exit 1
ENTRYPOINT ["/usr/local/bin/unilink", "serve"]
