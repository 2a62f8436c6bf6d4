# The shop's production image: built in one stage, run from a slim one as the unprivileged `node`
# user with production dependencies and the build output only (no sources, no dev tools).
# docker build -t bulk-print-shop . && docker run -p 3000:3000 -v shop-data:/data bulk-print-shop

FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:26-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:26-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
# dist/server (the bundle, its migrations, the backup command), dist/client, dist/client-ssr.
COPY --from=build /app/dist ./dist
COPY package.json ./
# DATA_DIR is the shop user's alone (the server also sets umask 077 and tightens it at start).
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready: migrated, the database answers, not shutting down (a draining instance reports unhealthy).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1 (not npm): SIGTERM reaches the shop, which drains and exits.
CMD ["node", "dist/server/main.js"]
