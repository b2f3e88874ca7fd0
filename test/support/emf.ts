/**
 * Checks a CloudWatch Embedded Metric Format document against the specification's rules
 * (docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html);
 * returns the rules it breaks (empty: valid).
 */
const UNITS = new Set([
  'Seconds',
  'Microseconds',
  'Milliseconds',
  'Bytes',
  'Kilobytes',
  'Megabytes',
  'Gigabytes',
  'Terabytes',
  'Bits',
  'Kilobits',
  'Megabits',
  'Gigabits',
  'Terabits',
  'Percent',
  'Count',
  'Bytes/Second',
  'Kilobytes/Second',
  'Megabytes/Second',
  'Gigabytes/Second',
  'Terabytes/Second',
  'Bits/Second',
  'Kilobits/Second',
  'Megabits/Second',
  'Gigabits/Second',
  'Terabits/Second',
  'Count/Second',
  'None',
]);

const isName = (value: unknown) => typeof value === 'string' && value.length >= 1 && value.length <= 255;

export function emfProblems(doc: Record<string, any>): string[] {
  const problems: string[] = [];
  const aws = doc._aws;
  if (typeof aws !== 'object' || aws === null) return ['no _aws object'];
  if (!Number.isInteger(aws.Timestamp) || aws.Timestamp <= 0)
    problems.push('_aws.Timestamp is not a positive integer (ms since the epoch)');
  if (!Array.isArray(aws.CloudWatchMetrics) || aws.CloudWatchMetrics.length === 0)
    return [...problems, '_aws.CloudWatchMetrics is not a non-empty array'];
  for (const [i, directive] of aws.CloudWatchMetrics.entries()) {
    const at = `CloudWatchMetrics[${i}]`;
    if (!isName(directive.Namespace) || !/\S/.test(directive.Namespace))
      problems.push(`${at}.Namespace is not a 1–255 character string`);
    if (!Array.isArray(directive.Dimensions)) problems.push(`${at}.Dimensions is not an array`);
    for (const set of directive.Dimensions ?? []) {
      if (!Array.isArray(set)) problems.push(`${at}: a dimension set is not an array`);
      else if (set.length > 30) problems.push(`${at}: a dimension set has more than 30 dimensions`);
      for (const key of Array.isArray(set) ? set : []) {
        if (!isName(key)) problems.push(`${at}: dimension key ${key} is not a 1–255 character string`);
        else if (!(key in doc)) problems.push(`${at}: dimension ${key} is not a top-level member`);
        else if (typeof doc[key] !== 'string' || doc[key].length > 1024)
          problems.push(`${at}: dimension ${key} is not a string of at most 1024 characters`);
      }
    }
    if (!Array.isArray(directive.Metrics)) {
      problems.push(`${at}.Metrics is not an array`);
      continue;
    }
    if (directive.Metrics.length > 100) problems.push(`${at} has more than 100 metrics`);
    for (const metric of directive.Metrics) {
      if (!isName(metric.Name))
        problems.push(`${at}: metric name ${metric.Name} is not a 1–255 character string`);
      if (metric.Unit !== undefined && !UNITS.has(metric.Unit))
        problems.push(`${at}: metric ${metric.Name} has an unknown unit ${metric.Unit}`);
      const value = doc[metric.Name];
      const values = Array.isArray(value) ? value : [value];
      if (!(metric.Name in doc)) problems.push(`${at}: metric ${metric.Name} is not a top-level member`);
      else if (values.length > 100 || !values.every((v) => typeof v === 'number' && Number.isFinite(v)))
        problems.push(`${at}: metric ${metric.Name} is not a number (or an array of at most 100 numbers)`);
    }
  }
  return problems;
}
