// The network's tabs (Radix: arrow keys move between tabs, each panel is labelled by its tab).
import * as Tabs from '@radix-ui/react-tabs';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface TabItem {
  value: string;
  label: string;
  icon: LucideIcon;
  content: ReactNode;
}

interface NetworkTabsProps {
  items: TabItem[];
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

export function NetworkTabs({ items, label, value, onValueChange }: NetworkTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={onValueChange} className="flex flex-col gap-4">
      <Tabs.List
        aria-label={label}
        className="grid w-full grid-cols-2 gap-1 rounded-lg border border-stone-200 bg-stone-100 p-1 sm:grid-cols-4"
      >
        {items.map(({ value, label: text, icon: Icon }) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="flex min-w-0 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm"
          >
            <Icon aria-hidden className="h-4 w-4" />
            {text}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {items.map(({ value, content }) => (
        <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
          {content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
