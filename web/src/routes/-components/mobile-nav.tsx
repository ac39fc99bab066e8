// Small-screen navigation: a `Menu` button that opens the primary links in a drawer. The Radix
// Dialog underneath provides aria-expanded/aria-controls, the focus trap, Escape and focus return.
import { useState } from 'react'
import { Menu } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { NavLinkList } from './nav-link-list'

export function MobileNav() {
  // Controlled so that following a link closes the drawer; Radix alone only closes on
  // Escape, the close button and outside clicks.
  const [open, setOpen] = useState(false)

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Menu" className="-ml-2 sm:hidden">
          <Menu aria-hidden="true" className="size-6" />
        </Button>
      </SheetTrigger>
      {/* The title names the dialog; there is no extra description to announce. */}
      <SheetContent aria-describedby={undefined} className="sm:hidden">
        <div className="flex h-16 items-center border-b border-slate-200 px-4">
          <SheetTitle>Menu</SheetTitle>
        </div>
        <nav aria-label="Primary" className="p-3">
          <NavLinkList layout="column" onNavigate={() => setOpen(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  )
}
