// Moving through an attempt's questions: the current one (one per page) or the one scrolled to (all on one page),
// and the summary before submitting. A move gives the question's heading focus, once the question is on screen.
import { useEffect, useRef, useState } from 'react'

export function useQuestionSteps(count: number, onePerPage: boolean) {
  const [index, setIndex] = useState(0)
  const [summary, setSummary] = useState(false)
  const headings = useRef(new Map<number, HTMLHeadingElement>())
  const moved = useRef(false)

  useEffect(() => {
    if (!moved.current || summary) return
    headings.current.get(index)?.focus()
  }, [index, summary])

  const goTo = (next: number) => {
    moved.current = true
    setSummary(false)
    setIndex(Math.min(Math.max(0, next), count - 1))
    if (!onePerPage) headings.current.get(next)?.focus()
  }
  /** Enter in a question: on to the next, or to the summary after the last. */
  const goOn = (from: number) => (from >= count - 1 ? setSummary(true) : goTo(from + 1))
  /** Keeps each question's heading, to focus it. */
  const headingRef = (number: number) => (node: HTMLHeadingElement | null) => {
    if (node) headings.current.set(number, node)
    else headings.current.delete(number)
  }
  return { index, summary, setSummary, goTo, goOn, headingRef }
}
