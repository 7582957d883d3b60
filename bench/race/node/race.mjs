// Node contenders for the lcjwt JWT decode race: fast-jwt and jose.
//
//   node race.mjs --contender fast-jwt|jose --fixture <json> --case <name>
//                 --decodes <N> --rounds <R> [--warmup <W>]
//
// Prints exactly one JSON line on stdout (see ../README.md for the contract).
// Exit codes: 0 ok / n/a, 1 validation failed, 2 bad arguments or fixture.

import { readFileSync, existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { webcrypto } from 'node:crypto'

const FAMILY = 'node'
const CONTENDERS = ['fast-jwt', 'jose']

class UsageError extends Error {}

function usage(msg) {
  throw new UsageError(msg)
}

function parseArgs(argv) {
  const known = new Set(['contender', 'fixture', 'case', 'decodes', 'rounds', 'warmup'])
  const out = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (!a.startsWith('--')) usage(`unexpected argument: ${a}`)
    const name = a.slice(2)
    if (!known.has(name)) usage(`unknown option: ${a}`)
    if (i + 1 >= argv.length) usage(`missing value for ${a}`)
    out[name] = argv[++i]
  }
  for (const req of ['contender', 'fixture', 'case', 'decodes', 'rounds']) {
    if (out[req] === undefined) usage(`missing --${req}`)
  }
  if (!CONTENDERS.includes(out.contender)) usage(`--contender must be one of ${CONTENDERS.join(', ')}`)
  const posInt = (name) => {
    const s = out[name]
    if (!/^[0-9]+$/.test(s) || Number(s) < 1 || !Number.isSafeInteger(Number(s))) usage(`--${name} must be a positive integer`)
    return Number(s)
  }
  out.decodes = posInt('decodes')
  out.rounds = posInt('rounds')
  if (out.warmup !== undefined) {
    if (!/^[0-9]+$/.test(out.warmup)) usage('--warmup must be a non-negative integer')
    out.warmup = Number(out.warmup)
  } else {
    out.warmup = Math.max(Math.floor(out.decodes / 10), 1000)
  }
  return out
}

// Reads the library's version from its own package.json, found by walking up
// from the file that the module resolver picks for it.
function libraryVersion(pkgName) {
  let dir = dirname(fileURLToPath(import.meta.resolve(pkgName)))
  for (;;) {
    const candidate = join(dir, 'package.json')
    if (existsSync(candidate)) {
      const meta = JSON.parse(readFileSync(candidate, 'utf8'))
      if (meta.name === pkgName) return meta.version
    }
    const parent = dirname(dir)
    if (parent === dir) return 'unknown'
    dir = parent
  }
}

function loadCase(path, caseName) {
  let fixture
  try {
    fixture = JSON.parse(readFileSync(path, 'utf8'))
  } catch (e) {
    usage(`cannot read fixture ${path}: ${e.message}`)
  }
  if (!fixture || !Array.isArray(fixture.cases)) usage(`fixture ${path} has no cases[]`)
  const c = fixture.cases.find((x) => x && x.name === caseName)
  if (!c) usage(`fixture ${path} has no case named ${caseName}`)
  const alg = c.alg ?? fixture.alg
  if (typeof alg !== 'string') usage(`case ${caseName} has no alg (and the fixture has no top-level alg)`)
  for (const f of ['token', 'expired', 'wrongAudience']) {
    if (typeof c[f] !== 'string') usage(`case ${caseName} has no ${f} token`)
  }
  if (typeof c.claims !== 'object' || c.claims === null) usage(`case ${caseName} has no claims object`)
  if (typeof fixture.audience !== 'string') usage(`fixture ${path} has no audience`)
  let key
  if (alg.startsWith('HS')) {
    if (typeof c.secret !== 'string') usage(`case ${caseName} has no secret`)
    key = { kind: 'secret', bytes: Buffer.from(c.secret, 'base64url') }
  } else {
    const entry = Array.isArray(fixture.keys) ? fixture.keys.find((k) => k && k.name === c.key) : undefined
    if (!entry || typeof entry.publicPem !== 'string') usage(`case ${caseName}: no keys[] entry named ${c.key} with a publicPem`)
    key = { kind: 'spki', pem: entry.publicPem }
  }
  return { alg, audience: fixture.audience, kase: c, key }
}

// Deep equality over JSON values; numbers compare as numbers.
function jsonEqual(a, b) {
  if (typeof a === 'number' || typeof b === 'number') return typeof a === typeof b && a === b
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]))
  }
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]))
}

// ---- contenders -------------------------------------------------------------
// Each returns { version, unsupported(alg) -> reason|null, setup(ctx) -> decode,
// isExpiredError(e), isAudienceError(e) }. decode(token) returns the claims
// object (or a promise of it) and throws on any rejection.

async function fastJwtContender() {
  const { createVerifier } = await import('fast-jwt')
  const algs = ['HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']
  return {
    version: libraryVersion('fast-jwt'),
    sync: true,
    unsupported(alg) {
      if (algs.includes(alg)) return null
      if (alg === 'ES256K') return 'fast-jwt has no ES256K algorithm (it verifies HS*, RS*, PS*, ES256/384/512 and EdDSA; a secp256k1 key is taken for ES256)'
      return `fast-jwt has no ${alg} algorithm`
    },
    async setup({ alg, audience, key }) {
      const verifier = createVerifier({
        key: key.kind === 'secret' ? key.bytes : key.pem,
        algorithms: [alg],
        allowedAud: audience,
        cache: false
      })
      return verifier
    },
    isExpiredError: (e) => e?.code === 'FAST_JWT_EXPIRED',
    isAudienceError: (e) => e?.code === 'FAST_JWT_INVALID_CLAIM_VALUE' && /\baud\b/.test(e.message)
  }
}

async function joseContender() {
  const jose = await import('jose')
  const algs = ['HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']
  return {
    version: libraryVersion('jose'),
    sync: false,
    unsupported(alg) {
      if (algs.includes(alg)) return null
      if (alg === 'ES256K') return 'jose 6 has no ES256K (it verifies through WebCrypto, which has no secp256k1)'
      return `jose has no ${alg} algorithm`
    },
    async setup({ alg, audience, key }) {
      // Both keys become a WebCrypto CryptoKey once, before timing. jose 6 has no
      // createSecretKey; given a Node KeyObject secret or a Uint8Array it would
      // re-import the raw HMAC key on every verify, which a service need not do.
      const k = key.kind === 'secret'
        ? await webcrypto.subtle.importKey('raw', key.bytes, { name: 'HMAC', hash: `SHA-${alg.slice(2)}` }, false, ['verify'])
        : await jose.importSPKI(key.pem, alg)
      const options = { algorithms: [alg], audience }
      return async (token) => (await jose.jwtVerify(token, k, options)).payload
    },
    isExpiredError: (e) => e instanceof jose.errors.JWTExpired,
    isAudienceError: (e) => e instanceof jose.errors.JWTClaimValidationFailed && e.claim === 'aud'
  }
}

function describe(e) {
  if (e === undefined) return 'no error'
  const code = e?.code ? `${e.code}: ` : ''
  return `${e?.constructor?.name ?? typeof e} ${code}${e?.message ?? String(e)}`.trim()
}

async function attempt(decode, token) {
  try {
    return { claims: await decode(token) }
  } catch (error) {
    return { error }
  }
}

async function validate(c, decode, { kase }) {
  const good = await attempt(decode, kase.token)
  if (good.error) return `token: decode failed (${describe(good.error)})`
  if (!jsonEqual(good.claims, kase.claims)) return 'token: decoded claims differ from the fixture claims'
  const expired = await attempt(decode, kase.expired)
  if (!expired.error) return 'expired: decode succeeded'
  if (!c.isExpiredError(expired.error)) return `expired: not the library's expiry error (${describe(expired.error)})`
  const aud = await attempt(decode, kase.wrongAudience)
  if (!aud.error) return 'wrongAudience: decode succeeded'
  if (!c.isAudienceError(aud.error)) return `wrongAudience: not the library's audience error (${describe(aud.error)})`
  return null
}

let sink = 0

function runSync(decode, token, n) {
  let s = 0
  for (let i = 0; i < n; i++) {
    const claims = decode(token)
    s += claims.exp
  }
  sink += s
}

async function runAsync(decode, token, n) {
  let s = 0
  for (let i = 0; i < n; i++) {
    const claims = await decode(token)
    s += claims.exp
  }
  sink += s
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  const ctx = loadCase(args.fixture, args.case)
  const c = args.contender === 'fast-jwt' ? await fastJwtContender() : await joseContender()
  const result = {
    contender: args.contender,
    family: FAMILY,
    version: c.version,
    runtime: `node ${process.version}`,
    case: args.case,
    alg: ctx.alg,
    status: 'ok',
    reason: null,
    decodes: args.decodes,
    usPerDecode: []
  }
  const emit = (code) => {
    process.stdout.write(JSON.stringify(result) + '\n')
    process.exitCode = code
  }

  const na = c.unsupported(ctx.alg)
  if (na) {
    Object.assign(result, { status: 'n/a', reason: na })
    return emit(0)
  }
  let decode
  try {
    decode = await c.setup(ctx)
  } catch (e) {
    Object.assign(result, { status: 'failed', reason: `key setup failed (${describe(e)})` })
    return emit(1)
  }
  const failure = await validate(c, decode, ctx)
  if (failure) {
    Object.assign(result, { status: 'failed', reason: failure })
    return emit(1)
  }

  const token = ctx.kase.token
  const run = c.sync ? runSync : runAsync
  await run(decode, token, args.warmup)
  for (let r = 0; r < args.rounds; r++) {
    const t0 = process.hrtime.bigint()
    await run(decode, token, args.decodes)
    const ns = Number(process.hrtime.bigint() - t0)
    result.usPerDecode.push(Math.round(ns / args.decodes) / 1000)
  }
  if (sink === 0) process.stderr.write('')
  emit(0)
}

main().catch((e) => {
  if (e instanceof UsageError) {
    process.stderr.write(`race.mjs: ${e.message}\n`)
    process.stderr.write('usage: node race.mjs --contender fast-jwt|jose --fixture <json> --case <name> --decodes <N> --rounds <R> [--warmup <W>]\n')
  } else {
    process.stderr.write(`race.mjs: ${e?.stack ?? e}\n`)
  }
  process.exitCode = 2
})
