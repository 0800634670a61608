// The receipt page's frame: the language switcher (a signed-out reader chooses theirs), left off the printed sheet.
import { LanguageSwitcher } from '../features/auth/components/language-switcher';
import { ReceiptPage } from '../features/stock/components/receipt-page';

export function PublicReceipt({ code }: { code: string }) {
  return (
    <div className="flex min-h-full flex-col bg-white">
      <LanguageSwitcher className="self-end p-2 print:hidden" />
      <ReceiptPage code={code} />
    </div>
  );
}
