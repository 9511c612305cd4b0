import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scenario } from './types.ts';

export type LoadedScenario = { file: string; scenario: Scenario };

/**
 * Every bench/scenarios/*.ts file (not starting with "_") default-exports one Scenario. Read-only
 * scenarios run first, then the ones that write; within each group, by file name.
 */
export async function loadScenarios(dir: string, only: string[]): Promise<LoadedScenario[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith('_'))
    .sort();
  const loaded: LoadedScenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: Partial<Scenario> };
    const s = mod.default;
    if (!s || typeof s.name !== 'string' || typeof s.requests !== 'function' || typeof s.target !== 'object') {
      throw new Error(`bench/scenarios/${file} must default-export a Scenario ({ name, target, requests, … })`);
    }
    loaded.push({ file, scenario: s as Scenario });
  }
  const names = new Set<string>();
  for (const { file, scenario } of loaded) {
    if (names.has(scenario.name)) throw new Error(`two scenarios are named "${scenario.name}" (one is ${file})`);
    names.add(scenario.name);
  }
  const picked = only.length
    ? loaded.filter(({ file, scenario }) => only.some((o) => scenario.name.toLowerCase().includes(o) || file.toLowerCase().includes(o)))
    : loaded;
  if (only.length && picked.length === 0) {
    throw new Error(`BENCH_ONLY=${only.join(',')} matches no scenario (have: ${loaded.map((l) => l.scenario.name).join(', ')})`);
  }
  return [...picked.filter((l) => !l.scenario.writes), ...picked.filter((l) => l.scenario.writes)];
}
