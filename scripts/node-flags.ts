// The V8 heap of the portal's process (decision 007), for every start: `npm start` and `npm run dev`
// (package.json spells the same flags out: a test checks they agree), the browser tests' portal
// and the benches'.
// - Old space 256 MB: V8 otherwise grows its heap towards gigabytes on a machine this size before
//   collecting. It was 192 MB until the live heap of an idle portal reached 120 MB (issue 24): the
//   old space was then marked every 0.3 s under load and signed-in calls fell to a few hundred a
//   second (decision 007, "Issue 24").
// - Semi-spaces of 32 MB (the default is 16): under load, a request's objects live through its
//   database round trip; with the default young generation they outlived two scavenges and were
//   promoted, and the old space was then marked every few hundred milliseconds (issue 13: answer
//   saves' p99 from 48–74 ms to 23–26 ms). 64 MB made the collector thrash at this old-space limit.
export const PORTAL_NODE_FLAGS: readonly string[] = ['--max-old-space-size=256', '--max-semi-space-size=32'];
