// One autocannon run for the HTTP benchmarks: `connections` callers for `duration` seconds cycling through the paths,
// every latency kept for exact percentiles.
import autocannon from 'autocannon'

export interface Run {
  rps: number
  latencies: number[]
  non2xx: number
  errors: number
}

export function loadRun(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  options: { connections: number; duration: number },
): Promise<Run> {
  let next = 0
  const latencies: number[] = []
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.duration,
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
      },
      (error, result) => {
        if (error) return reject(error)
        resolve({
          rps: result.requests.total / options.duration,
          latencies,
          non2xx: result.non2xx,
          errors: result.errors,
        })
      },
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  })
}
