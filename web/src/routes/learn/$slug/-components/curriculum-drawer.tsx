// On small screens the curriculum lives behind a `Menu` button, in the left drawer.
import { useState } from 'react'
import { Menu } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { Curriculum, type CurriculumProps } from '@/features/learn/components/curriculum'

export function CurriculumDrawer(props: Omit<CurriculumProps, 'onNavigate'>) {
  const [open, setOpen] = useState(false)
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" className="px-3 lg:hidden">
          <Menu aria-hidden="true" className="size-5" />
          Curriculum
        </Button>
      </SheetTrigger>
      <SheetContent className="w-80 gap-3 overflow-y-auto p-4 pt-5">
        <SheetTitle className="pr-12">Curriculum</SheetTitle>
        <SheetDescription className="sr-only">The course's sections and lessons.</SheetDescription>
        <Curriculum {...props} onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  )
}
