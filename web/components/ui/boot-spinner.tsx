// The spinner shown before any text has loaded (so it cannot use translations).
export function BootSpinner() {
  return (
    <div className="flex h-full min-h-60 w-full items-center justify-center" aria-busy="true">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-800" />
    </div>
  );
}
