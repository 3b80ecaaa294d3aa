// Reads a V8 CPU profile (node --cpu-prof) and prints where the time went: self time per package
// or source file, per function, and with --stack <pattern> the heaviest call stacks that end in a
// function whose file or name matches. How the fast path's Node time was found (docs/performance.md).
// Usage: node --cpu-prof --cpu-prof-dir=.tmp/prof --import tsx src/server/server.ts  (load it, stop it)
//        npx tsx bench/cpu-profile.ts .tmp/prof/<file>.cpuprofile [--top 30] [--stack zlib]
//          [--timeline] [--from s] [--to s]  (the busy share per second of the profile; only the
//          samples between those seconds from its start: a restart's first seconds under load)
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const file = args[0];
if (!file) throw new Error('usage: tsx bench/cpu-profile.ts <file.cpuprofile> [--top n] [--stack pattern]');
const top = Number(option('--top') ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const from = Number(option('--from') ?? 0) * 1e6;
const to = Number(option('--to') ?? Infinity) * 1e6;
const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const self = new Map<number, number>();
const busyBySecond: number[] = [];
let at = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  const second = Math.floor(at / 1e6);
  if (!idle.has(id)) busyBySecond[second] = (busyBySecond[second] ?? 0) + dt;
  if (at >= from && at < to) self.set(id, (self.get(id) ?? 0) + dt);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url: string) => url.replace(/^.*node_modules\//, 'nm/').replace(/^file:\/\/.*?\/(src|bench|tests)\//, '$1/');
/** A package (nm/name or nm/@scope/name), a source file, or the function itself for V8's own entries. */
const owner = (f: CallFrame) => {
  const u = shortUrl(f.url);
  if (!u.startsWith('nm/')) return u || f.functionName;
  const parts = u.split('/');
  return parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/');
};
const frame = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber}`;

function show(title: string, sums: Map<string, number>, n = top) {
  console.log(`--- ${title}`);
  for (const [k, t] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${k}`);
}
const byOwner = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, t] of self) {
  const f = nodes.get(id)!.callFrame;
  byOwner.set(owner(f), (byOwner.get(owner(f)) ?? 0) + t);
  byFunction.set(frame(f), (byFunction.get(frame(f)) ?? 0) + t);
}
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled ("(idle)" is the event loop waiting)`);
if (args.includes('--timeline'))
  console.log(`busy % by second: ${Array.from(busyBySecond, (t = 0, s) => `${s}:${Math.round(t / 1e4)}`).join(' ')}`);
show('self time by package or file', byOwner);
show('self time by function', byFunction);

const pattern = option('--stack');
if (pattern) {
  const match = new RegExp(pattern);
  const stacks = new Map<string, number>();
  for (const [id, t] of self) {
    const f = nodes.get(id)!.callFrame;
    if (!match.test(`${f.url} ${f.functionName}`)) continue;
    const chain: string[] = [];
    for (let p: number | undefined = id; p !== undefined && chain.length < 12; p = parent.get(p))
      chain.push(frame(nodes.get(p)!.callFrame));
    const key = chain.join('\n      < ');
    stacks.set(key, (stacks.get(key) ?? 0) + t);
  }
  show(`stacks ending in /${pattern}/`, stacks, 6);
}
