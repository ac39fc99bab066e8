// On small screens the curriculum lives behind a `Curriculum` button, in the left drawer. The button is the page's;
// the drawer (./curriculum-sheet, with Radix Dialog's focus trap and scroll lock) loads on its first opening or once
// the page has loaded.
import { useRef, useState } from 'react'
import { Menu } from 'lucide-react'
import { lazyOverlay } from '@/components/lazy-overlay'
import { Button } from '@/components/ui/button'
import type { CurriculumProps } from '@/features/learn/components/curriculum'

const CurriculumSheet = lazyOverlay(() => import('./curriculum-sheet').then((m) => m.CurriculumSheet))

export function CurriculumDrawer(props: Omit<CurriculumProps, 'onNavigate'>) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        className="px-3 lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" className="size-5" />
        Curriculum
      </Button>
      <CurriculumSheet {...props} open={open} onOpenChange={setOpen} trigger={trigger} />
    </>
  )
}
