// `npm run lint` (and validate): no two server modules, and no two web features, depend on each other, in either
// direction or around a longer loop; and a web feature imports only itself, src/web/components, src/web/lib and
// src/common, at any depth (docs/ARCHITECTURE.md#boundaries). Biome's noRestrictedImports holds the layers too, but
// it matches import strings one file at a time: it cannot see a cycle between two folders that are each allowed to
// import the other, and its globs are written per folder depth. This resolves every import and fails on either.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders whose sub-folders are units: a unit may import another only where no path leads back. */
export const GROUPS = [
  { label: 'server modules', dir: 'src/server/modules' },
  { label: 'web features', dir: 'src/web/features' },
];

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.test\.(ts|tsx|mts|mjs|js)$/;

/**
 * The relative specifiers a source file imports: static imports and re-exports (type-only ones too, which
 * tie two units as much as any), side-effect imports and dynamic import(). Comments starting a line are skipped.
 */
export function importSpecifiers(source) {
  // Comments that start a line (Biome-formatted code puts them there): a glob in a string ('src/**/*.ts') stays.
  const code = source.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) if (m[1].startsWith('.')) found.push(m[1]);
  return found;
}

/** The unit (first folder under `dir`) a repository path belongs to; files right in `dir` (wiring) have none. */
export function unitOf(file, dir) {
  const rel = path.posix.relative(dir, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split('/');
  return parts.length > 1 ? parts[0] : null;
}

/**
 * Edges between units from `files` ({ path, source }, repository-relative POSIX paths):
 * Map<from, Map<to, string[]>> where each string is "file → specifier", the evidence.
 */
export function unitEdges(files, dir) {
  const edges = new Map();
  for (const f of files) {
    const from = unitOf(f.path, dir);
    if (!from) continue;
    for (const spec of importSpecifiers(f.source)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(f.path), spec));
      const to = unitOf(target, dir);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from);
      if (!out.has(to)) out.set(to, []);
      out.get(to).push(`${f.path} → '${spec}'`);
    }
  }
  return edges;
}

/** The strongly connected components of two or more units (Tarjan): the units that reach each other. */
export function cyclicComponents(edges) {
  const next = (u) => [...(edges.get(u)?.keys() ?? [])].sort();
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A shortest closed path [a, …, a] through a component, from its first unit (breadth first, inside it). */
export function cycleThrough(component, edges) {
  const inside = new Set(component);
  const start = component[0];
  const prev = new Map();
  const queue = [start];
  while (queue.length) {
    const u = queue.shift();
    for (const w of [...(edges.get(u)?.keys() ?? [])].sort()) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const cycle = [start];
        for (let x = u; x !== start; x = prev.get(x)) cycle.splice(1, 0, x);
        return [...cycle, start];
      }
      if (!prev.has(w)) {
        prev.set(w, u);
        queue.push(w);
      }
    }
  }
  throw new Error(`not a cycle: ${component.join(', ')}`);
}

/** The pairs [a, b] (a < b) that import each other directly. */
export function twoWayPairs(edges) {
  const pairs = [];
  for (const [a, out] of edges) for (const b of out.keys()) if (a < b && edges.get(b)?.has(a)) pairs.push([a, b]);
  return pairs.sort((x, y) => `${x}`.localeCompare(`${y}`));
}

const evidenceOf = (edges, a, b) => {
  const evidence = edges.get(a)?.get(b) ?? [];
  return `  ${a} → ${b}: ${evidence.slice(0, 3).join('; ')}${evidence.length > 3 ? ` (+${evidence.length - 3} more)` : ''}`;
};

/**
 * The report of one cyclic component: the pairs inside it that import each other both ways, each with the
 * imports that make it; a longer loop without such a pair, step by step.
 */
export function describeComponent(component, edges, label) {
  const inside = new Set(component);
  const pairs = twoWayPairs(edges).filter(([a, b]) => inside.has(a) && inside.has(b));
  if (pairs.length === 0) {
    const cycle = cycleThrough(component, edges);
    const steps = cycle.slice(0, -1).map((a, i) => evidenceOf(edges, a, cycle[i + 1]));
    return [`${label}: ${cycle.join(' → ')}`, ...steps].join('\n');
  }
  const lines = [`${label}: ${component.join(', ')} reach each other; these pairs import each other both ways:`];
  for (const [a, b] of pairs) lines.push(`${a} ⇄ ${b}`, evidenceOf(edges, a, b), evidenceOf(edges, b, a));
  return lines.join('\n');
}

/**
 * The folders a file under a layer may import (resolved repository paths; packages are always allowed): `own`
 * adds the file's own unit, the first folder under `dir`. Tests are read like any file (checkBoundaries skips them).
 */
export const LAYERS = [
  {
    label: 'web features',
    dir: 'src/web/features',
    own: true,
    allowed: ['src/web/components', 'src/web/lib', 'src/common'],
    rule: 'a feature imports only itself, src/web/components, src/web/lib and src/common',
  },
  {
    label: 'web components and lib',
    dir: 'src/web/components',
    also: ['src/web/lib'],
    allowed: ['src/web/components', 'src/web/lib', 'src/common'],
    rule: 'src/web/components and src/web/lib import only each other and src/common',
  },
];

const inside = (file, dir) => file === dir || file.startsWith(`${dir}/`);

/**
 * The imports of `files` ({ path, source }) that leave what their layer allows, as report lines
 * "file → 'specifier' (resolves to target): rule".
 */
export function layerViolations(files, layers = LAYERS) {
  const problems = [];
  for (const layer of layers) {
    const dirs = [layer.dir, ...(layer.also ?? [])];
    for (const f of files) {
      if (!dirs.some((d) => inside(f.path, d))) continue;
      const own = layer.own ? unitOf(f.path, layer.dir) : null;
      const allowed = own ? [`${layer.dir}/${own}`, ...layer.allowed] : layer.allowed;
      for (const spec of importSpecifiers(f.source)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(f.path), spec));
        if (!allowed.some((d) => inside(target, d))) problems.push(`${f.path} → '${spec}' (${target}): ${layer.rule}`);
      }
    }
  }
  return problems;
}

function sources(root, dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = `${d}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name))
        out.push({ path: rel, source: readFileSync(path.join(root, rel), 'utf8') });
    }
  };
  if (existsSync(path.join(root, dir))) walk(dir);
  return out;
}

/** Every cycle of every group, and every import a layer forbids, under `root`, as report texts (empty: they hold). */
export function checkBoundaries(root) {
  const cycles = GROUPS.flatMap(({ label, dir }) => {
    const edges = unitEdges(sources(root, dir), dir);
    return cyclicComponents(edges).map((component) => describeComponent(component, edges, label));
  });
  const layerFiles = LAYERS.flatMap((l) => [l.dir, ...(l.also ?? [])]).flatMap((d) => sources(root, d));
  const unique = [...new Map(layerFiles.map((f) => [f.path, f])).values()];
  return [...cycles, ...layerViolations(unique)];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkBoundaries(root);
  if (problems.length) {
    console.error(problems.join('\n\n'));
    console.error(
      `\ncheck-boundaries: ${problems.length} problem(s). Choose a direction: move what both sides share below them ` +
        '(src/server/domain, src/web/components or lib, src/common), or inject it through deps.',
    );
    process.exit(1);
  }
  console.log(
    `check-boundaries: no cycles between ${GROUPS.map((g) => g.label).join(' or between ')}; ` +
      `no import outside its layer in ${LAYERS.map((l) => l.label).join(' or ')}`,
  );
}
