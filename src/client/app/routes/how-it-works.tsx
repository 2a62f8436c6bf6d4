import { CheckCircle2, ClipboardList, FileText, ShoppingCart, Upload } from 'lucide-react';
import { Link } from 'wouter';
import { howItWorksMessages } from '@/shared/i18n/messages/how-it-works';
import { useT } from '@/client/lib/i18n';
import { buttonClass } from '@/client/components/ui/button';

const steps = [
  { icon: ShoppingCart, title: 'step1Title', text: 'step1Text' },
  { icon: ClipboardList, title: 'step2Title', text: 'step2Text' },
  { icon: FileText, title: 'step3Title', text: 'step3Text' },
  { icon: Upload, title: 'step4Title', text: 'step4Text' },
  { icon: CheckCircle2, title: 'step5Title', text: 'step5Text' },
] as const;

export function HowItWorksPage() {
  const t = useT(howItWorksMessages);
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-3 text-lg text-slate-600">{t.intro}</p>
      <ol className="mt-10 space-y-6">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex gap-5 rounded-2xl border border-slate-200 p-6 shadow-sm">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-800 text-lg font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <Icon className="size-5 text-brand-700" aria-hidden /> {t[title]}
              </h2>
              <p className="mt-1 text-slate-600">{t[text]}</p>
            </div>
          </li>
        ))}
      </ol>
      <aside className="mt-10 rounded-2xl bg-amber-50 p-6 text-amber-950 ring-1 ring-amber-200">
        <h2 className="font-semibold">{t.filesTitle}</h2>
        <p className="mt-2">{t.filesText}</p>
      </aside>
      <div className="mt-10 text-center">
        <Link href="/products" className={buttonClass({ size: 'lg' })}>
          {t.browseProducts}
        </Link>
      </div>
    </main>
  );
}
