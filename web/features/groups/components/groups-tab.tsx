// The network's Groups tab: the caller's groups (invitations to answer, the groups they are in, requests waiting for
// an admin), a search of every group by name, region, crop and kind, and "Create a group".
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_KINDS, type GroupKind, type TGroup } from '../../../../contract/groups';
import { ActionDialog } from '../../../components/entity-dialog';
import { BlockSpinner, ERROR_BOX } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { queryErrorText } from '../../../lib/api-client';
import { type GroupsFilter, groupsQuery } from '../../../lib/queries/groups';
import { useDebounced } from '../../../lib/use-debounced';
import { sortMyGroups } from '../my-groups';
import { CreateGroupForm } from './create-group-form';
import { GroupCard } from './group-card';
import { LoadMore } from './load-more';

export function GroupsTab() {
  const { t } = useTranslation('groups');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <ActionDialog label={t('create.open')} variant="primary" title={t('create.title')} size="lg">
          {(close) => <CreateGroupForm onDone={close} />}
        </ActionDialog>
      </div>
      <MyGroups />
      <FindGroups />
    </div>
  );
}

const NO_GROUPS: TGroup[] = [];

function MyGroups() {
  const { t, i18n } = useTranslation('groups');
  const query = useInfiniteQuery(groupsQuery({ mine: true }));
  const groups = query.data?.pages.flatMap((page) => page.items) ?? NO_GROUPS;
  const mine = useMemo(() => sortMyGroups(groups, i18n.language), [groups, i18n.language]);
  const sections = [
    { key: 'invited', groups: mine.invited },
    { key: 'active', groups: mine.active },
    { key: 'requested', groups: mine.requested },
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('mine.title')}</CardTitle>
        <CardDescription>{t('mine.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isPending ? (
          <BlockSpinner className="py-4" />
        ) : query.isError && groups.length === 0 ? (
          <p role="alert" className={ERROR_BOX}>
            {t('mine.loadError', { message: queryErrorText(query.error) })}
          </p>
        ) : groups.length === 0 ? (
          <p className="text-sm text-stone-600">{t('mine.empty')}</p>
        ) : (
          sections.map(({ key, groups: shown }) =>
            shown.length === 0 ? null : (
              <section key={key} aria-labelledby={`my-groups-${key}`} className="flex flex-col gap-2">
                <h3 id={`my-groups-${key}`} className="text-sm font-semibold text-stone-800">
                  {t(`mine.${key}`, { count: shown.length })}
                </h3>
                <ul className="flex flex-col gap-3">
                  {shown.map((group) => (
                    <GroupCard key={group.id} group={group} />
                  ))}
                </ul>
              </section>
            ),
          )
        )}
        <LoadMore query={query} />
      </CardContent>
    </Card>
  );
}

interface SearchText {
  q: string;
  region: string;
  crop: string;
}

function FindGroups() {
  const { t } = useTranslation('groups');
  const [text, setText] = useState<SearchText>({ q: '', region: '', crop: '' });
  const [kind, setKind] = useState<GroupKind | ''>('');
  const typed = useDebounced(text, 300);
  const filter: GroupsFilter = { ...typed, kind: kind === '' ? undefined : kind };
  const query = useInfiniteQuery(groupsQuery(filter));
  const groups = query.data?.pages.flatMap((page) => page.items) ?? NO_GROUPS;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('find.title')}</CardTitle>
        <CardDescription>{t('find.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <GroupSearch text={text} onText={setText} kind={kind} onKind={setKind} />
        {query.isPending ? (
          <BlockSpinner className="py-4" />
        ) : query.isError && groups.length === 0 ? (
          <p role="alert" className={ERROR_BOX}>
            {t('find.loadError', { message: queryErrorText(query.error) })}
          </p>
        ) : groups.length === 0 ? (
          <p className="text-sm text-stone-600">{t('find.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-busy={query.isPlaceholderData}>
            {groups.map((group) => (
              <GroupCard key={group.id} group={group} />
            ))}
          </ul>
        )}
        <LoadMore query={query} />
      </CardContent>
    </Card>
  );
}

/** The search's fields: name, region, crop (typed, sent once typing pauses) and kind. */
function GroupSearch({
  text,
  onText,
  kind,
  onKind,
}: {
  text: SearchText;
  onText: (change: (current: SearchText) => SearchText) => void;
  kind: GroupKind | '';
  onKind: (kind: GroupKind | '') => void;
}) {
  const { t } = useTranslation('groups');
  const edit = (name: keyof SearchText) => (event: { target: { value: string } }) =>
    onText((current) => ({ ...current, [name]: event.target.value }));
  return (
    <search className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {/* The name on a line of its own on a phone; region and crop side by side, short as they are. */}
      <div className="col-span-2 lg:col-span-1">
        <Field id="groups-q" label={t('find.name')}>
          <Input id="groups-q" type="search" autoComplete="off" value={text.q} onChange={edit('q')} />
        </Field>
      </div>
      <Field id="groups-region" label={t('find.region')}>
        <Input id="groups-region" autoComplete="off" value={text.region} onChange={edit('region')} />
      </Field>
      <Field id="groups-crop" label={t('find.crop')}>
        <Input id="groups-crop" autoComplete="off" value={text.crop} onChange={edit('crop')} />
      </Field>
      <div className="col-span-2 lg:col-span-1">
        <Field id="groups-kind" label={t('find.kind')}>
          <Select
            id="groups-kind"
            value={kind}
            onChange={(event) => onKind(GROUP_KINDS.find((k) => k === event.target.value) ?? '')}
          >
            <option value="">{t('find.anyKind')}</option>
            {GROUP_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`kind.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </search>
  );
}
