// A bare error boundary for tests of lazily loaded parts: "Could not load" once something below it throws, and its
// children again on the next mount (as a route's error view and its "Try again" give them).
import { Component, type ReactNode } from 'react'

export class FailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <p>Could not load</p> : this.props.children
  }
}
