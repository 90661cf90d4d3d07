# syntax=docker/dockerfile:1
# Build stage: install everything, compile TypeScript.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bin ./bin
COPY scripts/bundle-cli.ts ./scripts/
RUN npm ci --no-audit --no-fund

# Runtime stage: production dependencies and the compiled code only, as a non-root user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
# tini is PID 1: it forwards SIGTERM to node (graceful shutdown; node as PID 1 would ignore it) and reaps any
# orphaned process. Solvers are worker threads inside node, not child processes.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY bin ./bin
# The web page's static files, served at / by `grundy serve`.
COPY web ./web
USER node
EXPOSE 8080
# `grundy serve` answers GET /healthz on PORT: 200 when healthy, 503 (with the reason) when not. Workers have no
# HTTP server: docker-compose.yml gives them their own check.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8080}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "node", "bin/grundy.js"]
CMD ["serve"]
