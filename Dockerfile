# The portal as one image: the built web app and the server compiled to JavaScript, run by plain
# `node` as a non-root user. No tests, no TypeScript compiler at run time.
# Build: docker build -t customer-portal .   Run: see deploy/compose.yaml and docs/deploy.md.

# Node 24, a long-term support line (security fixes until April 2028); pinned so that a rebuild
# runs what was tested. Both stages use the same one: native modules are built for it.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# Exactly the lock file's versions; fails if the lock file and package.json disagree.
RUN npm ci --no-audit --no-fund
COPY . .
# The web app, with its brotli and gzip copies and its manifest; then the server and the contract as JavaScript.
RUN npm run build && node scripts/build-server.mjs
# Only what the server needs at run time.
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:24.21.0-bookworm-slim
# `compiled`: the contract package is read from its JavaScript build, not its TypeScript sources.
ENV NODE_ENV=production \
    NODE_OPTIONS=--conditions=compiled \
    PORT=8080 \
    METRICS_PORT=9464 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/portal
# A font for the words of SVG logos, which the server draws as PNG images for e-mail.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/packages/contract/package.json packages/contract/package.json
COPY --from=build --chown=node:node /app/packages/contract/dist packages/contract/dist
COPY --from=build --chown=node:node /app/apps/server/package.json apps/server/package.json
COPY --from=build --chown=node:node /app/apps/server/dist apps/server/dist
COPY --from=build --chown=node:node /app/apps/web/package.json apps/web/package.json
COPY --from=build --chown=node:node /app/apps/web/dist apps/web/dist
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
# Mail and SMS outboxes, and documents when they are kept on files: outlives the container.
VOLUME /var/lib/portal
USER node
# 8080: the portal, behind the reverse proxy. 9464: /metrics, for Prometheus on the private network only.
EXPOSE 8080 9464
# The server stops taking connections on SIGTERM and finishes what is in flight (SHUTDOWN_GRACE_SECONDS).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
