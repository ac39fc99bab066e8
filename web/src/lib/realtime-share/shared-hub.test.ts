// The shared hub's relay logic with an in-memory tab bus (delivering to every other tab, as BroadcastChannel does)
// and a recording transport standing in for realtime-js: one channel per spec for the whole browser, opened by the
// leader only; messages and status relayed; channels closed with their last tab; a new leader takes over.
import { describe, expect, it } from 'vitest'
import {
  SharedHub,
  type ChannelMessage,
  type ChannelSpec,
  type LiveStatus,
  type TabBus,
  type Transport,
  type Wire,
} from './shared-hub'

function browser() {
  const tabs = new Set<{ handler: (wire: Wire) => void }>()
  const opened: {
    spec: ChannelSpec
    closed: boolean
    message: (m: ChannelMessage) => void
    status: (s: LiveStatus) => void
  }[] = []
  const transport: Transport = (spec, handlers) => {
    const channel = { spec, closed: false, ...handlers }
    opened.push(channel)
    return () => {
      channel.closed = true
    }
  }
  const bus = (): TabBus => {
    const self = { handler: (_wire: Wire) => {} }
    return {
      post: (wire) => {
        // Structured clone, as BroadcastChannel does: no object is shared between tabs.
        const copy = structuredClone(wire)
        for (const tab of [...tabs]) if (tab !== self) tab.handler(copy)
      },
      listen: (handler) => {
        self.handler = handler
        tabs.add(self)
        return () => tabs.delete(self)
      },
    }
  }
  let count = 0
  const tab = () => new SharedHub(`tab-${++count}`, bus(), transport)
  const open = () => opened.filter((channel) => !channel.closed)
  return { tab, opened, open }
}

function listener() {
  const messages: ChannelMessage[] = []
  const statuses: [LiveStatus, boolean][] = []
  return {
    messages,
    statuses,
    message: (m: ChannelMessage) => void messages.push(m),
    status: (s: LiveStatus, rejoined: boolean) => void statuses.push([s, rejoined]),
  }
}

const account: ChannelSpec = { topic: 'account:user-1', private: true }
const progress: ChannelMessage = { kind: 'broadcast', event: 'progress', payload: { lesson_id: 'l1', position_s: 20 } }

describe('SharedHub', () => {
  it('opens one channel for the whole browser, in the leader, and relays its messages and status to every tab', () => {
    const { tab, opened } = browser()
    const [a, b, c] = [tab(), tab(), tab()]
    a.lead()
    const [la, lb, lc] = [listener(), listener(), listener()]
    a.subscribe(account, la)
    b.subscribe(account, lb)
    c.subscribe(account, lc)
    expect(opened).toHaveLength(1)
    expect(opened[0]!.spec).toEqual(account)

    opened[0]!.status('live')
    opened[0]!.message(progress)
    for (const l of [la, lb, lc]) {
      expect(l.statuses.at(-1)).toEqual(['live', false])
      expect(l.messages).toEqual([progress])
    }
  })

  it('tells a tab that subscribes later how the channel stands', () => {
    const { tab, opened } = browser()
    const [a, b] = [tab(), tab()]
    a.lead()
    a.subscribe(account, listener())
    opened[0]!.status('live')
    const late = listener()
    b.subscribe(account, late)
    expect(late.statuses).toEqual([
      ['connecting', false],
      ['live', false],
    ])
    expect(opened).toHaveLength(1)
  })

  it('opens what followers asked for before any tab led, once a tab leads', () => {
    const { tab, opened } = browser()
    const [a, b] = [tab(), tab()]
    const achievements: ChannelSpec = {
      topic: 'achievements:user-1',
      changes: [{ event: 'INSERT', schema: 'public', table: 'user_achievements', filter: 'user_id=eq.user-1' }],
    }
    b.subscribe(account, listener())
    b.subscribe(achievements, listener())
    expect(opened).toHaveLength(0)
    a.lead()
    expect(opened.map((channel) => channel.spec)).toEqual([account, achievements])
  })

  it('closes a channel when its last tab no longer wants it', () => {
    const { tab, open } = browser()
    const [a, b] = [tab(), tab()]
    a.lead()
    const stopA = a.subscribe(account, listener())
    const stopB1 = b.subscribe(account, listener())
    const stopB2 = b.subscribe(account, listener())
    stopA()
    stopB1()
    expect(open()).toHaveLength(1)
    stopB2()
    expect(open()).toHaveLength(0)
  })

  it('hands the socket over when the leader goes: the next leader opens the channels again and the tabs resync', () => {
    const { tab, opened, open } = browser()
    const [a, b, c] = [tab(), tab(), tab()]
    a.lead()
    a.subscribe(account, listener())
    const [lb, lc] = [listener(), listener()]
    b.subscribe(account, lb)
    c.subscribe(account, lc)
    opened[0]!.status('live')

    a.dispose()
    expect(open()).toHaveLength(0)
    b.lead()
    expect(open()).toHaveLength(1)
    open()[0]!.status('live')
    open()[0]!.message(progress)
    for (const l of [lb, lc]) {
      expect(l.statuses.slice(1)).toEqual([
        ['live', false],
        ['connecting', false],
        ['live', true],
      ])
      expect(l.messages).toEqual([progress])
    }
  })

  it('says paused when the channel is refused or closed, and rejoined when it is live again', () => {
    const { tab, opened } = browser()
    const [a, b] = [tab(), tab()]
    a.lead()
    const lb = listener()
    b.subscribe(account, lb)
    opened[0]!.status('paused')
    opened[0]!.status('live')
    expect(lb.statuses).toEqual([
      ['connecting', false],
      ['paused', false],
      ['live', true],
    ])
  })

  it('shares a tab’s own news with the other tabs only', () => {
    const { tab } = browser()
    const [a, b, c] = [tab(), tab(), tab()]
    a.lead()
    const [la, lb, lc] = [listener(), listener(), listener()]
    a.subscribe(account, la)
    b.subscribe(account, lb)
    c.subscribe({ topic: 'account:user-2', private: true }, lc)
    b.share(account, progress)
    expect(la.messages).toEqual([progress])
    expect(lb.messages).toEqual([])
    expect(lc.messages).toEqual([])
  })

  it('ignores a closed channel’s late events', () => {
    const { tab, opened } = browser()
    const a = tab()
    a.lead()
    const la = listener()
    const stop = a.subscribe(account, la)
    stop()
    opened[0]!.message(progress)
    opened[0]!.status('live')
    expect(la.messages).toEqual([])
    expect(la.statuses).toEqual([['connecting', false]])
  })
})
