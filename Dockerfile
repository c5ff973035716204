# Production image: the built client and server, run with Node 24. Configure it with environment variables
# (see .env.example); DATABASE_URL is required in production.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/client/package.json ./client/
COPY --from=build /app/client/dist ./client/dist
# The public pages' server-side renderer (server/src/http/server-render.ts); its libraries are in node_modules.
COPY --from=build /app/client/dist-ssr ./client/dist-ssr
# Uploaded product images (FileStorage, DATA_DIR/uploads): writable by the app user; mount a volume here.
RUN mkdir -p /app/.data/uploads && chown -R node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "--import", "./server/dist/instrument.js", "server/dist/main.js"]
