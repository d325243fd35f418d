# syntax=docker/dockerfile:1
# Mandi's container image (docs/operations.md, decision 055): Node 24 LTS and the built app.
# Build: docker build -t mandi .   Run: docker run -p 3000:3000 -v mandi-data:/app/data mandi
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# What npm install's postinstall reads (decision 055): the patches it applies, and the script that
# fetches Node 24 where Node is older (here it finds Node 24 and does nothing).
COPY patches ./patches
COPY scripts/runtime ./scripts/runtime
# better-sqlite3 is compiled when no prebuilt binary fits this Node and libc.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/* \
  && npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
# The app writes only DATA_DIR (./data: the SQLite file, photos, generated secrets), so only that
# is the node user's; a volume keeps it across containers.
COPY --from=build /app /app
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 3000
# Readiness, for a balancer or orchestrator that routes by health; docs/operations.md explains /healthz and /readyz.
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The app drains on SIGTERM within SHUTDOWN_GRACE_MS (10 s): give `docker stop` longer (-t 15).
STOPSIGNAL SIGTERM
CMD ["node", "build/server/index.js"]
