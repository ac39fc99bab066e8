// The slice of the Deno namespace the fixtures use, so the repo's Node typecheck accepts them (`declare const Deno`).
export interface DenoApi {
  serve(handler: (request: Request) => Response | Promise<Response>): unknown
  env: { get(name: string): string | undefined; toObject(): Record<string, string> }
  pid: number
  cwd(): string
  upgradeWebSocket(request: Request): { socket: FixtureSocket; response: Response }
}

export interface FixtureSocket {
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: (() => void) | null
  send(data: string): void
}
