# syntax=docker/dockerfile:1
# Build stage: install everything, compile TypeScript.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bin ./bin
RUN npm ci --no-audit --no-fund

# Runtime stage: production dependencies and the compiled code only, as a non-root user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
# tini is PID 1: it forwards SIGTERM to node (graceful shutdown) and reaps solver child processes.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY bin ./bin
USER node
EXPOSE 8080
ENTRYPOINT ["/usr/bin/tini", "--", "node", "bin/grundy.js"]
CMD ["serve"]
