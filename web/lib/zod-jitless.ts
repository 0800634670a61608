// zod's object schemas probe whether eval works when they are built (to compile a fast parser); our CSP forbids
// eval (script-src 'self'), so every page that built a schema reported a CSP violation (Lighthouse best practices:
// "Issues were logged in the Issues panel"). zod keeps its global config on globalThis (shared between copies) and
// skips the probe when jitless; this module is imported first by the entry, before anything loads zod.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
