import { ensureDevKeys } from '../dev-issuer';
import type { Assembly, AssemblyFunction } from './assembly';
import { FunctionHost } from './function-host';
import { lambdaEnvironment } from './lambda-environment';
import { bindNestedParameters, resourceStandIn, type TwinPlaces, templateEnvironment } from './stand-ins';

/**
 * Every function of the assembly as a FunctionHost with its resolved environment. Resolved all at
 * once when the twin starts, so a reference the rehearsal cannot stand in for fails the start
 * (naming the function and variable) rather than the first request.
 */
export function functionHosts(
  assembly: Assembly,
  places: Omit<TwinPlaces, 'jwksFile'>,
): Map<AssemblyFunction, FunctionHost> {
  const all: TwinPlaces = { ...places, jwksFile: ensureDevKeys().jwksFile };
  const standIn = resourceStandIn(all);
  bindNestedParameters(assembly, standIn);
  return new Map(
    assembly.functions.map((fn) => {
      const environment = lambdaEnvironment(fn, templateEnvironment(fn, standIn, all), all);
      return [
        fn,
        new FunctionHost({
          name: fn.name,
          functionName: fn.functionName,
          assetDir: fn.assetDir,
          handler: fn.handler,
          timeoutSeconds: fn.timeoutSeconds,
          memoryMb: fn.memoryMb,
          environment,
        }),
      ];
    }),
  );
}
