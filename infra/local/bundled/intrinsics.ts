/**
 * CloudFormation's intrinsic functions, evaluated the way the rehearsal needs them: every reference
 * to a resource becomes the twin's stand-in for it (stand-ins.ts), so a function's environment reads
 * as it would in AWS, only pointing at this machine. Only what CDK writes into our templates is
 * supported (Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split); anything else fails loudly,
 * naming the function, rather than guessing.
 */

export interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
}

export interface Template {
  Parameters?: Record<string, unknown>;
  Resources: Record<string, TemplateResource>;
}

/** One stack of the assembly: its template and, for a nested stack, its resolved parameters. */
export interface StackScope {
  name: string;
  template: Template;
  parameters: Record<string, string>;
}

/** What a reference to a resource stands for on the twin: its Ref and its attributes. */
export type ResourceStandIn = (scope: StackScope, logicalId: string, attribute?: string) => string;

/** Pseudo parameters, as a stack on the twin has them (region `local`, a made-up account). */
export const PSEUDO: Readonly<Record<string, string>> = {
  'AWS::Region': 'local',
  'AWS::AccountId': '000000000000',
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::NoValue': '',
};

/** Evaluates a template value to a string; `where` names the property for error messages. */
export function evaluate(value: unknown, scope: StackScope, standIn: ResourceStandIn, where: string): string {
  const again = (v: unknown) => evaluate(v, scope, standIn, where);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const [fn, arg] = Object.entries(value)[0] ?? [];
    switch (fn) {
      case 'Ref':
        return reference(String(arg), scope, standIn, where);
      case 'Fn::GetAtt': {
        const [id, attribute] = Array.isArray(arg) ? arg : String(arg).split('.');
        return standIn(scope, String(id), String(attribute));
      }
      case 'Fn::Join': {
        const [separator, parts] = arg as [string, unknown[]];
        return parts.map(again).join(separator);
      }
      case 'Fn::Select': {
        const [index, list] = arg as [unknown, unknown];
        const items = Array.isArray(list) ? list.map(again) : again(list).split(',');
        return items[Number(again(index))] ?? '';
      }
      case 'Fn::Split': {
        const [separator, text] = arg as [string, unknown];
        return again(text).split(separator).join(',');
      }
      case 'Fn::Sub':
        return substitute(arg, scope, standIn, where);
    }
    throw new Error(`${where}: ${fn ?? 'an empty object'} is not supported by the rehearsal`);
  }
  throw new Error(`${where}: cannot evaluate ${JSON.stringify(value)}`);
}

function reference(name: string, scope: StackScope, standIn: ResourceStandIn, where: string): string {
  if (name in PSEUDO) return PSEUDO[name] as string;
  if (name === 'AWS::StackName') return scope.name;
  if (scope.template.Parameters && name in scope.template.Parameters) {
    const given = scope.parameters[name];
    if (given === undefined) throw new Error(`${where}: parameter ${name} of ${scope.name} has no value`);
    return given;
  }
  if (!scope.template.Resources[name]) throw new Error(`${where}: Ref to unknown ${name} in ${scope.name}`);
  return standIn(scope, name);
}

function substitute(arg: unknown, scope: StackScope, standIn: ResourceStandIn, where: string): string {
  const [text, variables] = Array.isArray(arg)
    ? (arg as [string, Record<string, unknown>])
    : [String(arg), {}];
  return text.replace(/\$\{([^}!][^}]*)\}/g, (_, name: string) => {
    if (name in variables) return evaluate(variables[name], scope, standIn, where);
    const dot = name.indexOf('.');
    if (dot > 0 && !name.startsWith('AWS::')) return standIn(scope, name.slice(0, dot), name.slice(dot + 1));
    return reference(name, scope, standIn, where);
  });
}
