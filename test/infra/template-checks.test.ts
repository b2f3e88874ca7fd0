import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../infra/constructs/bundling-options';
import { CONSOLE_DEPLOYMENT_WILDCARDS } from '../../infra/constructs/console-hosting';
import { EXPORT_OBJECTS_APPLIES_TO } from '../../infra/constructs/export-storage';
import { MEDIA_OBJECTS_WILDCARD } from '../../infra/constructs/media-storage';
import type { ShopStack } from '../../infra/shop-stack';
import { cfnLintCommand } from '../../infra/test-tools';
import type { StackTemplate } from './nested-templates';
import { synthShop } from './stack-fixture';

/**
 * The synthesized templates (the shop stack's and its route groups' nested stacks') checked as AWS
 * would check them: cdk-nag's AwsSolutions pack (as infra/app.ts runs it on every synth; findings in
 * nested stacks are reported on the parent) and cfn-lint (the CloudFormation resource schemas).
 */

const run = promisify(execFile);

/**
 * cfn-lint checks ignored for the whole template, each with its reason. W3005: CDK writes a
 * DependsOn on a function's role and role policy next to the GetAtt of the role (so the policy
 * exists before the first invocation); redundant for CloudFormation, harmless.
 */
const CFN_LINT_IGNORED = ['W3005'] as const;

let stack: ShopStack;
let templates: StackTemplate[];

beforeAll(() => {
  ({ stack, templates } = synthShop(
    { alarmEmail: 'ops@example.com', allowedOrigins: 'https://shop.example.com' },
    { nag: true },
  ));
});

type Suppression = { id: string; reason: string; applies_to?: unknown[] };

/** Every cdk-nag suppression written into the templates, with the resource it sits on. */
function suppressions(): { resource: string; rule: Suppression }[] {
  return templates.flatMap(({ name, json }) => {
    const resources: Record<string, { Metadata?: { cdk_nag?: { rules_to_suppress: Suppression[] } } }> =
      json.Resources;
    return Object.entries(resources).flatMap(([id, r]) =>
      (r.Metadata?.cdk_nag?.rules_to_suppress ?? []).map((rule) => ({ resource: `${name}/${id}`, rule })),
    );
  });
}

describe('cdk-nag (AwsSolutions)', () => {
  it('finds no unsuppressed error or warning in the stack and its nested stacks', () => {
    // Prepare
    const annotations = Annotations.fromStack(stack);
    const nag = Match.stringLikeRegexp('AwsSolutions-.*');

    // Act
    const findings = [...annotations.findError('*', nag), ...annotations.findWarning('*', nag)].map(
      (f) => `${f.id}: ${String(f.entry.data).slice(0, 120)}`,
    );

    // Assess
    expect(findings).toEqual([]);
    // Reading every annotation of the nested stacks: 6 s on a quiet host, over 20 on a busy one.
  }, 60_000);

  it('suppresses per resource only, each with its reason, IAM5 wildcards each named by appliesTo', () => {
    // Prepare
    const all = suppressions();

    // Assess: none on a whole template; the route groups' resources carry their own.
    for (const { name, json } of templates) expect(json.Metadata?.cdk_nag, name).toBeUndefined();
    expect(all.length).toBeGreaterThan(0);
    for (const { name } of templates.slice(1))
      expect(
        all.some(({ resource }) => resource.startsWith(`${name}/`)),
        name,
      ).toBe(true);
    for (const { resource, rule } of all) {
      expect(rule.reason.length, `${resource} ${rule.id}`).toBeGreaterThanOrEqual(60);
      // Resource::* (X-Ray, ListStreams), or the objects of the media bucket (media-storage.ts) or of the
      // exports bucket (export-storage.ts), or what the console's deployment copies (console-hosting.ts).
      if (rule.id === 'AwsSolutions-IAM5')
        expect(
          [
            ['Resource::*'],
            [MEDIA_OBJECTS_WILDCARD],
            [EXPORT_OBJECTS_APPLIES_TO],
            CONSOLE_DEPLOYMENT_WILDCARDS,
          ],
          resource,
        ).toContainEqual(rule.applies_to);
    }
  });

  it('lists every suppressed rule with its reason in docs/security.md', () => {
    // Prepare
    const docs = readFileSync(join(projectRoot, 'docs/security.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## cdk-nag suppressions'));
    const rules = new Set(suppressions().map(({ rule }) => rule.id));

    // Assess
    expect(docs).toContain('## cdk-nag suppressions');
    for (const rule of rules) expect(section, rule).toContain(`\`${rule}\``);
  });
});

/** The cfn-lint infra/test-tools.ts finds (npm test's pretest installs it where it may), or what to do. */
function cfnLint(): { file: string; args: string[] } {
  const found = cfnLintCommand();
  if (found) return found;
  throw new Error(
    'cfn-lint is not installed: `npm test` installs it where it may (infra/test-tools.ts); else `python3 -m pip install cfn-lint`',
  );
}

describe('cfn-lint', () => {
  it('finds no error and no warning in the synthesized templates, the parent and every nested one', async () => {
    // Prepare
    const lint = cfnLint();

    // Act: exit code 0 = clean, else a bit mask (2 error, 4 warning, 8 info); findings as JSON.
    const output = await run(
      lint.file,
      [
        ...lint.args,
        '--format',
        'json',
        // The template is region-agnostic; without this cfn-lint takes AWS_REGION (`local` in tests).
        '--regions',
        'us-east-1',
        '--ignore-checks',
        ...CFN_LINT_IGNORED,
        '--',
        ...templates.map((t) => t.path),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => {
      if (!error.stdout) throw new Error(`cfn-lint failed (exit ${error.code}): ${error.stderr}`);
      return { stdout: error.stdout };
    });
    const findings = (
      JSON.parse(output.stdout) as {
        Level: string;
        Rule: { Id: string };
        Message: string;
        Location: unknown;
      }[]
    ).map((f) => `${f.Level} ${f.Rule.Id}: ${f.Message} at ${JSON.stringify(f.Location)}`);

    // Assess
    expect(templates.length).toBeGreaterThan(1);
    expect(findings).toEqual([]);
  }, 240_000);
});
