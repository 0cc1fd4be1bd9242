# Dockerfile - gpulint on Debian 12, installed from its Debian package.
#
# Build, from the repository root once gpulint is built in build/:
#     (cd build && cpack -G DEB) && docker build -t gpulint:0.1.0 .
# The context is the repository root, but .dockerignore lets in only
# build/gpulint_*.deb (keep one version there: every match is installed).
# podman build takes the same arguments.
#
# Run on the current directory (mounted at /src, the working directory):
#     docker run --rm -v "$PWD:/src" gpulint:0.1.0 --format=json .
# Add --user "$(id -u):$(id -g)" when gpulint writes files there (-o, audit --out).

# Fully qualified, so podman needs no short-name resolution.
FROM docker.io/library/debian:12-slim

# apt resolves the package's Depends (libclang, clang's resource headers,
# libstdc++ headers) from Debian's archive; its lists are removed after.
COPY build/gpulint_*.deb /tmp/deb/
RUN apt-get update \
    && apt-get install -y --no-install-recommends /tmp/deb/gpulint_*.deb \
    && rm -rf /var/lib/apt/lists/* /tmp/deb

# Any user given with --user can keep the precompiled-header cache here.
ENV XDG_CACHE_HOME=/tmp/.cache
WORKDIR /src
ENTRYPOINT ["gpulint"]
