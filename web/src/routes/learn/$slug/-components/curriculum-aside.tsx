// On wide screens the curriculum sits beside the lesson, in a sticky panel that scrolls on its own.
import { Curriculum, type CurriculumProps } from '@/features/learn/components/curriculum'

export function CurriculumAside(props: Omit<CurriculumProps, 'onNavigate'>) {
  return (
    <aside aria-label="Course curriculum" className="hidden lg:block">
      <div className="sticky top-4 max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2">
        <h2 className="px-2 py-2 text-base font-semibold text-slate-900">Curriculum</h2>
        <Curriculum {...props} />
      </div>
    </aside>
  )
}
