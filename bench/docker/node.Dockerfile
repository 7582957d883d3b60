# fast-jwt and jose on Node 20, exactly the versions in bench/race/node/package-lock.json.
FROM node:20-alpine
WORKDIR /lcjwt
COPY bench/race/node/package.json bench/race/node/package-lock.json bench/race/node/
RUN cd bench/race/node && npm ci --no-audit --no-fund
COPY bench/race/node/race.mjs bench/race/node/
COPY bench/fixtures bench/fixtures
ENTRYPOINT ["node", "--max-old-space-size=500", "bench/race/node/race.mjs"]
