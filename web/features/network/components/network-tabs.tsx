// The network's tabs, each with an icon: two columns on a phone, four in a row from sm.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';

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
    <Tabs value={value} onValueChange={onValueChange}>
      <TabsList aria-label={label} className="grid grid-cols-2 border border-stone-200 sm:grid-cols-4">
        {items.map(({ value, label: text, icon: Icon }) => (
          <TabsTrigger key={value} value={value} className="min-w-0">
            <Icon aria-hidden className="h-4 w-4" />
            {text}
          </TabsTrigger>
        ))}
      </TabsList>
      {items.map(({ value, content }) => (
        <TabsContent key={value} value={value}>
          {content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
