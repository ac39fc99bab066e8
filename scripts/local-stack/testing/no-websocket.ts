// Node 20 has no global WebSocket, and supabase-js builds a realtime client as soon as createClient runs. Tests and
// benchmarks that never open a realtime socket pass this as `realtime: { transport: NoWebSocket as never }`.
export class NoWebSocket {
  constructor() {
    throw new Error('this client opens no realtime socket')
  }
}
