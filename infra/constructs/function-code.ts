import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { type NativePlatform, projectRoot } from './bundling-options';
import { bundleInto, wantBundles } from './function-bundles';

/**
 * A function's code asset: its esbuild bundle (function-bundles.ts, the shared settings of
 * bundling-options.ts) and the native modules it keeps external, installed for `platform`. Bundled
 * locally, always: CDK would reach for Docker only if local bundling declined, and it never does
 * (it succeeds or fails the synth). The asset is hashed by its output, so an unchanged function
 * keeps its hash and is not uploaded again.
 */
export function functionCode(entry: string, platform: NativePlatform): Code {
  wantBundles([entry]);
  return Code.fromAsset(projectRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('never-used-local-esbuild-only'),
      // What CDK keys its asset cache with: one bundle per entry and platform.
      command: ['bundle', entry, [platform.os, platform.cpu, platform.libc ?? ''].join('-')],
      local: {
        tryBundle(outputDir) {
          bundleInto(entry, outputDir, platform);
          return true;
        },
      },
    },
  });
}
