import { Group, Select } from '@mantine/core';
import {
  PRIORITY_FILTER,
  type ReportPriority,
  type ReportStatus,
  type ReportType,
  STATUS_FILTER,
  TYPE_FILTER,
} from './report-labels.ts';

export type ReportFilterValues = {
  status: ReportStatus | 'all';
  priority: ReportPriority | 'all';
  type: ReportType | 'all';
};
export const ALL_REPORTS: ReportFilterValues = { status: 'all', priority: 'all', type: 'all' };

type Props = { value: ReportFilterValues; onChange: (next: ReportFilterValues) => void };

export function ReportFilters({ value, onChange }: Props) {
  const filter = <K extends keyof ReportFilterValues>(
    name: K,
    label: string,
    data: readonly { value: ReportFilterValues[K]; label: string }[],
  ) => (
    <Select<ReportFilterValues[K]>
      label={label}
      data={data}
      value={value[name]}
      onChange={(next) => next && onChange({ ...value, [name]: next })}
      allowDeselect={false}
      w={220}
    />
  );
  return (
    <Group gap="md" align="flex-end">
      {filter('status', 'Stato', STATUS_FILTER)}
      {filter('priority', 'Priorità', PRIORITY_FILTER)}
      {filter('type', 'Tipo', TYPE_FILTER)}
    </Group>
  );
}
