// A labelled figure.
export function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-md border border-stone-200 bg-stone-50 p-3">
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-stone-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
