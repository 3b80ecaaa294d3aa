// No two folders of the app import each other, directly or round a longer loop: a cycle ties the
// folders' chunks and tests together, and is how a widget ends up depending on a screen. A folder
// is a feature (features/<name>) or any other folder directly under src/app (a file directly in
// src/app, such as the entry or the global stylesheet, stands alone). Static imports count,
// type-only ones too; a lazy import() does not, being where the bundle is cut on purpose (the
// route table loads every screen so, and a screen may name a route). Tests are left out.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = path.resolve(__dirname);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const folderOf = (file: string) => {
  const parts = path.relative(APP, file).split(path.sep);
  if (parts.length === 1) return parts[0];
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
};

/** Folder → the folders it imports, each with one file that does so (for the message). */
export function folderGraph(files: string[]) {
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = folderOf(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:\bfrom\s+|^import\s+)['"](\.[^'"]+)['"]/gm)) {
      const target = path.resolve(path.dirname(file), m[1]);
      if (!target.startsWith(APP + path.sep)) continue;
      const to = folderOf(target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, path.relative(APP, file));
    }
  }
  return graph;
}

/** The first loop found, as folders (the first one repeated at the end), or null. */
export function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | null => {
    const at = trail.indexOf(node);
    if (at >= 0) return [...trail.slice(at), node];
    if (done.has(node)) return null;
    for (const next of graph.get(node)?.keys() ?? []) {
      const loop = visit(next, [...trail, node]);
      if (loop) return loop;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const loop = visit(node, []);
    if (loop) return loop;
  }
  return null;
}

describe('the app folders', () => {
  it('import one another in one direction only', () => {
    const graph = folderGraph(sources(APP));
    const loop = findCycle(graph);
    const why = loop?.slice(1).map((to, i) => `${loop[i]} → ${to} (${graph.get(loop[i])!.get(to)})`);
    expect(why ?? []).toEqual([]);
  });

  it('finds a loop round three folders', () => {
    const g = new Map([
      ['a', new Map([['b', 'a.ts']])],
      ['b', new Map([['c', 'b.ts']])],
      ['c', new Map([['a', 'c.ts']])],
    ]);
    expect(findCycle(g)).toEqual(['a', 'b', 'c', 'a']);
    g.get('c')!.clear();
    expect(findCycle(g)).toBeNull();
  });
});
