# A release built by `npm run release` (docs/decisions/025), run on Node 24 as an unprivileged user.
FROM node:24-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run release -- /release

FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /release ./
RUN mkdir -p /app/data /app/assets-archive && chown node:node /app/data /app/assets-archive
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Tracing loads first, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 027).
CMD ["node", "--import", "./src/server/tracing-hook.ts", "src/server/main.ts"]
