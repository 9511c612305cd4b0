import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkBoundaries,
  cyclicComponents,
  describeComponent,
  importSpecifiers,
  layerViolations,
  twoWayPairs,
  unitEdges,
} from './check-boundaries.mjs';

const M = 'src/server/modules';
const file = (p, source) => ({ path: `${M}/${p}`, source });

describe('importSpecifiers', () => {
  it('reads static, type-only, side-effect and dynamic imports and re-exports; skips packages and comments, not globs', () => {
    const source = [
      "import { a } from '../x/a.ts';",
      "import type { B } from '../y/b.ts';",
      "import '../z/side.ts';",
      "export { c } from './c.ts';",
      "export * from '../w/all.ts';",
      "const lazy = () => import('../v/lazy.ts');",
      "import { z } from 'zod';",
      "// import { old } from '../gone/old.ts';",
      "/* import { older } from '../gone/older.ts'; */",
      "const url = 'https://example.com/x';",
      "const glob = 'src/**/*.ts'; import { later } from '../u/later.ts';",
      '/**',
      " * import { doc } from '../gone/doc.ts';",
      ' */',
    ].join('\n');
    expect(importSpecifiers(source)).toEqual([
      '../x/a.ts',
      '../y/b.ts',
      './c.ts',
      '../w/all.ts',
      '../u/later.ts',
      '../z/side.ts',
      '../v/lazy.ts',
    ]);
  });

  it('reads an import whose names span several lines', () => {
    expect(importSpecifiers("import {\n  a,\n  type B,\n} from '../x/a.ts';\n")).toEqual(['../x/a.ts']);
  });
});

describe('the unit graph', () => {
  it('finds two units that import each other, with the imports that do it', () => {
    const edges = unitEdges(
      [
        file('payments/fulfil.ts', "import { seats } from '../rsvps/seats.ts';"),
        file('rsvps/manage.routes.ts', "import { refund } from '../payments/refund.ts';"),
        file('rsvps/seats.ts', "import { x } from './own.ts';"),
      ],
      M,
    );
    expect(twoWayPairs(edges)).toEqual([['payments', 'rsvps']]);
    const [component] = cyclicComponents(edges);
    expect(component).toEqual(['payments', 'rsvps']);
    const report = describeComponent(component, edges, 'server modules');
    expect(report).toContain('payments ⇄ rsvps');
    expect(report).toContain(`payments → rsvps: ${M}/payments/fulfil.ts → '../rsvps/seats.ts'`);
    expect(report).toContain(`rsvps → payments: ${M}/rsvps/manage.routes.ts → '../payments/refund.ts'`);
  });

  it('finds a longer loop with no pair in it and names each step', () => {
    const edges = unitEdges(
      [
        file('guests/routes.ts', "import { job } from '../jobs/job.ts';"),
        file('jobs/run.ts', "import { sms } from '../sms/sms-job.ts';"),
        file('sms/send.ts', "import { guest } from '../guests/get-guest.ts';"),
      ],
      M,
    );
    expect(twoWayPairs(edges)).toEqual([]);
    const [component] = cyclicComponents(edges);
    expect(describeComponent(component, edges, 'server modules').split('\n')[0]).toBe('server modules: guests → jobs → sms → guests');
  });

  it('accepts one-way dependencies, wiring files and imports inside a unit', () => {
    const edges = unitEdges(
      [
        file('index.ts', "import { a } from './payments/routes.ts';\nimport { b } from './rsvps/routes.ts';"),
        file('payments/fulfil.ts', "import { seats } from '../rsvps/seats.ts';\nimport { own } from './own.ts';"),
        file('guest-answers/submit.ts', "import { a } from '../payments/start.ts';\nimport { b } from '../rsvps/create.ts';"),
        file('rsvps/create.ts', "import { enqueue } from '../../domain/enqueue.ts';"),
      ],
      M,
    );
    expect(cyclicComponents(edges)).toEqual([]);
    expect([...edges.keys()].sort()).toEqual(['guest-answers', 'payments']);
  });
});

describe('layerViolations', () => {
  const F = 'src/web/features';
  const web = (p, source) => ({ path: `${F}/${p}`, source });

  it("refuses another feature's api/ folder: query keys and hooks shared by features live in src/web/lib", () => {
    const problems = layerViolations([web('rsvp/api/submit-rsvp.ts', "import { eventKeys } from '../../events/api/keys.ts';")]);
    expect(problems).toEqual([
      `${F}/rsvp/api/submit-rsvp.ts → '../../events/api/keys.ts' (${F}/events/api/keys.ts): a feature imports only itself, src/web/components, src/web/lib and src/common`,
    ]);
  });

  it('resolves the imports of a file at any depth inside a feature', () => {
    const problems = layerViolations([
      web('guests/zzsub/x.tsx', "import { NotifyField } from '../../events/notify-field.tsx';"),
      web('guests/zzsub/deeper/y.tsx', "import { z } from '../../../messaging/api.ts';\nimport { own } from '../../guest-list.tsx';"),
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain(`${F}/guests/zzsub/x.tsx → '../../events/notify-field.tsx' (${F}/events/notify-field.tsx)`);
    expect(problems[1]).toContain(`${F}/guests/zzsub/deeper/y.tsx → '../../../messaging/api.ts' (${F}/messaging/api.ts)`);
  });

  it('accepts a feature importing itself, components, lib, common and packages', () => {
    const source = [
      "import { own } from '../guest-list.tsx';",
      "import { Button } from '../../../components/ui/button.tsx';",
      "import { eventKeys } from '../../../lib/queries/event-keys.ts';",
      "import type { T } from '../../../../common/schemas/guests.ts';",
      "import { useQuery } from '@tanstack/react-query';",
    ].join('\n');
    expect(layerViolations([web('guests/api/get-guests.ts', source)])).toEqual([]);
  });

  it('refuses lib or components importing a feature or a route, at any depth', () => {
    const problems = layerViolations([
      { path: 'src/web/lib/queries/get-events.ts', source: "import { x } from '../../features/events/api/hosts.ts';" },
      {
        path: 'src/web/components/event-picker.tsx',
        source: "import { r } from '../routes/event.tsx';\nimport { a } from '../lib/api.ts';",
      },
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^src\/web\/lib\/queries\/get-events\.ts → '\.\.\/\.\.\/features\/events\/api\/hosts\.ts'/);
    expect(problems[1]).toMatch(/^src\/web\/components\/event-picker\.tsx → '\.\.\/routes\/event\.tsx'/);
  });
});

describe('checkBoundaries', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (p, source) => {
    mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    writeFileSync(path.join(root, p), source);
  };

  it('reports a server module pair and a web feature pair importing both ways, and the cross-feature imports; tests do not count', () => {
    write('src/server/modules/events/delete-event.ts', "import { close } from '../payments/close.ts';\n");
    write('src/server/modules/payments/end.ts', "import { access } from '../events/event-access.ts';\n");
    write('src/server/modules/tickets/x.test.ts', "import { a } from '../rsvps/a.ts';\n");
    write('src/server/modules/rsvps/a.ts', "import { t } from '../tickets/t.ts';\n");
    write('src/web/features/events/form.tsx', "import { NotifyField } from '../guests/notify-field.tsx';\n");
    write('src/web/features/guests/api/notify.ts', "import { eventKeys } from '../../events/api/keys.ts';\n");
    const problems = checkBoundaries(root);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^server modules: events, payments reach each other/);
    expect(problems[0]).toContain('events ⇄ payments');
    expect(problems[1]).toMatch(/^web features: events, guests reach each other/);
    expect(problems.slice(2).sort()).toEqual([
      "src/web/features/events/form.tsx → '../guests/notify-field.tsx' (src/web/features/guests/notify-field.tsx): a feature imports only itself, src/web/components, src/web/lib and src/common",
      "src/web/features/guests/api/notify.ts → '../../events/api/keys.ts' (src/web/features/events/api/keys.ts): a feature imports only itself, src/web/components, src/web/lib and src/common",
    ]);
  });

  it('holds for this repository', () => {
    const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    expect(checkBoundaries(repo)).toEqual([]);
  });
});
