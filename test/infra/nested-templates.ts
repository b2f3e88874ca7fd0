import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import type { ShopStack } from '../../infra/shop-stack';

/** A CloudFormation template as JSON (what the tests read of it). */
export interface TemplateJson {
  Resources: Record<string, any>;
  Parameters?: Record<string, unknown>;
  Outputs?: Record<string, { Value: unknown }>;
  Metadata?: Record<string, unknown>;
}

/** One template of the cloud assembly: the shop stack's own, or one of its nested stacks'. */
export interface StackTemplate {
  /** `parent`, or the nested stack's construct id (`CartsRoutes`). */
  name: string;
  json: TemplateJson;
  path: string;
}

/** The shop stack's template first, then each route group's nested template, as synthesized. */
export function stackTemplates(stack: ShopStack, assembly: CloudAssembly): StackTemplate[] {
  const parentPath = assembly.getStackByName(stack.stackName).templateFullPath;
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as TemplateJson;
  return [
    { name: 'parent', json: read(parentPath), path: parentPath },
    ...stack.routeGroups.map((nested) => {
      const path = join(assembly.directory, nested.templateFile);
      return { name: nested.node.id, json: read(path), path };
    }),
  ];
}

/**
 * The resources of the parent and its nested stacks in one map, as if they were one template:
 * a nested template's `Ref` to one of its parameters becomes what the parent passes in (`{Ref:
 * <table>}`), and the parent's `Fn::GetAtt` of a nested stack's output becomes that output's value
 * (`{Ref: <function>}`). Assertions written for one template (least privilege, alarms over every
 * function) then read the same. Logical ids must not collide across the templates.
 */
export function flattenedResources(stack: ShopStack, templates: StackTemplate[]): Record<string, any> {
  const [parent, ...nested] = templates;
  if (!parent) throw new Error('no parent template');
  const byResourceId = new Map(
    stack.routeGroups.map((group, i) => [
      stack.getLogicalId(group.nestedStackResource as never),
      nested[i] as StackTemplate,
    ]),
  );
  const inParent = (value: unknown): unknown =>
    deepMap(value, (node) => {
      const getAtt = node['Fn::GetAtt'];
      if (!Array.isArray(getAtt) || typeof getAtt[1] !== 'string' || !getAtt[1].startsWith('Outputs.'))
        return undefined;
      const child = byResourceId.get(getAtt[0]);
      const output = child?.json.Outputs?.[getAtt[1].slice('Outputs.'.length)];
      if (!child || !output) throw new Error(`unresolved ${JSON.stringify(getAtt)}`);
      return inNested(getAtt[0], output.Value);
    });
  const inNested = (resourceId: string, value: unknown): unknown => {
    const passed = parent.json.Resources[resourceId]?.Properties?.Parameters ?? {};
    return deepMap(value, (node) => {
      const ref = node.Ref;
      return typeof ref === 'string' && ref in passed ? inParent(passed[ref]) : undefined;
    });
  };

  const merged: Record<string, any> = {};
  const add = (id: string, resource: unknown) => {
    if (id in merged) throw new Error(`logical id ${id} is in two templates`);
    merged[id] = resource;
  };
  for (const [id, r] of Object.entries(parent.json.Resources)) add(id, inParent(r));
  for (const [resourceId, child] of byResourceId)
    for (const [id, r] of Object.entries(child.json.Resources)) add(id, inNested(resourceId, r));
  return merged;
}

/** Copies a JSON value, replacing each object `replace` answers for (undefined: keep and descend). */
function deepMap(value: unknown, replace: (node: Record<string, any>) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => deepMap(v, replace));
  if (value === null || typeof value !== 'object') return value;
  const replaced = replace(value as Record<string, any>);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepMap(v, replace)]));
}
