/**
 * Parses a Server-Timing header value by the W3C grammar (w3.org/TR/server-timing):
 *   Server-Timing = #server-timing-metric
 *   server-timing-metric = metric-name *( OWS ";" OWS server-timing-param )
 *   server-timing-param = server-timing-param-name OWS "=" OWS server-timing-param-value
 *   metric-name, param-name = token; param-value = token / quoted-string
 * Throws on anything the grammar does not allow.
 */
const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\x80-\\xff]|\\\\[\\t -~\\x80-\\xff])*"';
const OWS = '[ \\t]*';
const PARAM = `${OWS};${OWS}(${TOKEN})${OWS}=${OWS}(${TOKEN}|${QUOTED})`;
const METRIC = new RegExp(`^(${TOKEN})((?:${PARAM})*)$`);
const PARAMS = new RegExp(PARAM, 'g');

export interface TimingMetric {
  name: string;
  params: Record<string, string>;
}

export function parseServerTiming(header: string): Record<string, TimingMetric> {
  const metrics: Record<string, TimingMetric> = {};
  // Commas inside a quoted string do not separate metrics.
  const parts = header.match(new RegExp(`(?:${QUOTED}|[^,"])+`, 'g')) ?? [];
  if (parts.join(',') !== header) throw new Error(`not a Server-Timing list: ${header}`);
  for (const part of parts) {
    const match = METRIC.exec(part.trim());
    if (!match) throw new Error(`not a server-timing-metric: ${part}`);
    const params: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(PARAMS)) {
      params[(name as string).toLowerCase()] = (value as string).startsWith('"')
        ? (value as string).slice(1, -1).replace(/\\(.)/g, '$1')
        : (value as string);
    }
    metrics[match[1] as string] = { name: match[1] as string, params };
  }
  return metrics;
}

/** The API's Server-Timing: db and app durations, and the DynamoDB work the db desc names. */
export function requestCost(header: string | null) {
  if (!header) throw new Error('no Server-Timing header');
  const { db, app } = parseServerTiming(header);
  if (!db || !app) throw new Error(`no db or app metric: ${header}`);
  const work = /^(\d+) calls?, ([\d.]+) RCU, ([\d.]+) WCU$/.exec(db.params.desc ?? '');
  if (!work) throw new Error(`db desc not understood: ${db.params.desc}`);
  return {
    dbMs: Number(db.params.dur),
    appMs: Number(app.params.dur),
    calls: Number(work[1]),
    readUnits: Number(work[2]),
    writeUnits: Number(work[3]),
  };
}
