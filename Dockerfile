# The portal as one image: the built web app inside, the server run as a non-root user.
# Build: docker build -t customer-portal .   Run: see deploy/compose.yaml and docs/deploy.md.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm install --no-audit --no-fund
COPY . .
# The web app, with its brotli and gzip copies and its manifest.
RUN npm run build
# Only what the server needs at run time (it runs its TypeScript through tsx, a dependency of the server).
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/portal
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/packages packages
COPY --from=build --chown=node:node /app/apps/server apps/server
COPY --from=build --chown=node:node /app/apps/web/dist apps/web/dist
COPY --from=build --chown=node:node /app/apps/web/package.json apps/web/package.json
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
USER node
EXPOSE 8080
# The server stops taking connections on SIGTERM and finishes what is in flight (SHUTDOWN_GRACE_SECONDS).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
