import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MEDIA_ACCESS } from '../constructs/media-storage';
import { type Child, startChild } from './child-process';

/**
 * `npm run bench -- --parts images` (issue 25's budget: "an image upload of 3 MB answers within 3 s,
 * resizing included, and holds RSS ≤ 70 % of its function's memory"): the upload function alone in
 * a process (infra/bench/image-worker.ts) takes 3 MB pictures one after the other (PNG and JPEG, as
 * a camera or a screenshot makes them); its latency (p50, max) and its peak RSS against the memory
 * the stack gives the function (infra/constructs/media-storage.ts). And sharp's cold-start cost:
 * its import in a fresh Node process (median of a few), and in the function's process.
 */

export const UPLOAD_BUDGET_MS = 3000;
export const RSS_BUDGET_SHARE = 0.7;

export interface ImageBench {
  runs: number;
  p50Ms: number;
  maxMs: number;
  maxRssMb: number;
  memoryMb: number;
  bodyBytes: number[];
  sharpImportMs: number[];
  workerSharpImportMs: number;
  workerHandlerImportMs: number;
}

/** A picture of about `bytes` bytes: noise barely compresses, so its size follows its pixel count. */
async function picture(format: 'png' | 'jpeg', bytes: number): Promise<Buffer> {
  const make = (side: number) =>
    sharp({
      create: {
        width: side,
        height: Math.round(side * 0.75),
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .toFormat(format, format === 'jpeg' ? { quality: 95 } : {})
      .toBuffer();
  // Two corrections of the side from the size the last try came out at.
  let side = 1000;
  let image = await make(side);
  for (let i = 0; i < 2; i++) {
    side = Math.round(side * Math.sqrt(bytes / image.length));
    image = await make(side);
  }
  return image;
}

/** sharp's import time in fresh Node processes (the cold start's share of it), in ms. */
function sharpImportTimes(runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = spawnSync(
      process.execPath,
      ['-e', "const t=performance.now();require('sharp');process.stdout.write(String(performance.now()-t))"],
      { encoding: 'utf8' },
    );
    times.push(Number(out.stdout));
  }
  return times.sort((a, b) => a - b);
}

export async function measureImageUploads(
  twin: { dynamoEndpoint: string; s3Endpoint: string },
  env: Record<string, string>,
  runs: number,
  say: (line: string) => void,
): Promise<ImageBench> {
  say('images: sharp import in fresh processes...');
  const sharpImportMs = sharpImportTimes(5);
  const pictures = [await picture('png', 3_000_000), await picture('jpeg', 3_000_000)];
  let worker: Child | undefined;
  try {
    worker = await startChild(fileURLToPath(new URL('./image-worker.ts', import.meta.url)), {
      ...env,
      BENCH_DYNAMODB_ENDPOINT: twin.dynamoEndpoint,
      BENCH_S3_ENDPOINT: twin.s3Endpoint,
    });
    const times: number[] = [];
    let maxRssMb = 0;
    const bodyBytes: number[] = [];
    for (let i = 0; i < runs; i++) {
      const image = pictures[i % pictures.length] as Buffer;
      const answer = await worker.ask({
        type: 'upload',
        productId: 'titanium-mug',
        ext: i % 2 === 0 ? 'png' : 'jpg',
        base64: image.toString('base64'),
      });
      if (answer.type === 'error') throw new Error(String(answer.error));
      times.push(Number(answer.ms));
      maxRssMb = Math.max(maxRssMb, Number(answer.maxRssMb));
      if (i < pictures.length) bodyBytes.push(Number(answer.bodyBytes));
      say(`images: upload ${i + 1}/${runs} ${Math.round(Number(answer.ms))} ms`);
    }
    times.sort((a, b) => a - b);
    return {
      runs,
      p50Ms: times[Math.floor((times.length - 1) / 2)] ?? 0,
      maxMs: times[times.length - 1] ?? 0,
      maxRssMb,
      memoryMb: MEDIA_ACCESS.uploadSlideshowImage?.memorySize ?? 0,
      bodyBytes,
      sharpImportMs,
      workerSharpImportMs: Number(worker.ready.sharpImportMs),
      workerHandlerImportMs: Number(worker.ready.handlerImportMs),
    };
  } finally {
    await worker?.stop();
  }
}

export function imageTable(r: ImageBench): string {
  const median = r.sharpImportMs[Math.floor(r.sharpImportMs.length / 2)] ?? 0;
  return [
    `image uploads (the upload function alone in a process, ${r.runs} uploads of ${r.bodyBytes.map((b) => `${(b / 1e6).toFixed(2)} MB`).join(' / ')} PNG/JPEG bodies, one at a time, five sizes each)`,
    '',
    '| p50 | max | budget | peak RSS | function memory | RSS share | budget |',
    '|---|---|---|---|---|---|---|',
    `| ${Math.round(r.p50Ms)} ms | ${Math.round(r.maxMs)} ms | ≤ ${UPLOAD_BUDGET_MS} ms | ${Math.round(r.maxRssMb)} MB | ${r.memoryMb} MB | ${Math.round((100 * r.maxRssMb) / r.memoryMb)} % | ≤ ${RSS_BUDGET_SHARE * 100} % |`,
    '',
    `sharp cold start: import ${median.toFixed(0)} ms (median of ${r.sharpImportMs.length} fresh Node processes: ${r.sharpImportMs.map((t) => t.toFixed(0)).join(', ')}); in the function's process ${r.workerSharpImportMs.toFixed(0)} ms, then the handler's own import ${r.workerHandlerImportMs.toFixed(0)} ms`,
  ].join('\n');
}

export function missedImageBudgets(r: ImageBench): string[] {
  const missed: string[] = [];
  if (r.maxMs > UPLOAD_BUDGET_MS)
    missed.push(`image upload max ${Math.round(r.maxMs)} ms > ${UPLOAD_BUDGET_MS} ms`);
  if (r.maxRssMb > RSS_BUDGET_SHARE * r.memoryMb)
    missed.push(
      `image upload peak RSS ${Math.round(r.maxRssMb)} MB > ${RSS_BUDGET_SHARE * 100} % of ${r.memoryMb} MB`,
    );
  return missed;
}
