# Rampart as a container: `docker build -t rampart .` (or podman/buildah). Runs the server on
# port 3000 as an unprivileged user; the embedded database lives in /data unless DATABASE_URL is
# set. See docs/operations.md, and compose.yaml for PostgreSQL, two replicas and nginx.

# ---- build: every dependency, then the web app's production build
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/pricing/package.json packages/pricing/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- dependencies the server needs at run time, and nothing else
FROM node:24-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/pricing/package.json packages/pricing/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- the image: sources (the server runs TypeScript with Node's type stripping) and the build
FROM node:24-bookworm-slim
# MALLOC_ARENA_MAX: glibc keeps fewer per-thread arenas, and gives back more after a load (docs/operations.md,
# "Memory").
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY package.json ./
COPY scripts/node-version-guard.mjs scripts/
COPY packages packages
COPY apps/server/package.json apps/server/
COPY apps/server/bin apps/server/bin
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY apps/web/package.json apps/web/server-build.d.ts apps/web/
COPY --from=build /app/apps/web/build apps/web/build
# The database template a first start copies (migrated and seeded), the server bundle, and the
# compiled modules: the server's own account reads the first two and keeps the last up to date.
COPY --from=build --chown=node:node /app/apps/server/build apps/server/build
RUN install -d -o node -g node -m 700 /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness: the process answers (it asks the database nothing). Balancers use /prod-api/health/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/prod-api/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=2", "apps/server/bin/rampart.mjs"]
