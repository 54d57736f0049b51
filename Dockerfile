# Spendscope server with the built console. The DuckDB file lives in /app/data (a volume).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production SPENDSCOPE_DB=/app/data/spendscope.duckdb PORT=4000
EXPOSE 4000
VOLUME ["/app/data"]
CMD ["node", "--import", "tsx", "server/src/main.ts"]
