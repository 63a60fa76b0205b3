import { NumberInput, useRecordContext, type NumberInputProps } from 'react-admin';

export function formatDuration(ms: number | null | undefined): string {
  if (!ms || ms < 0) return '';
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Durations are stored in milliseconds and shown as m:ss. */
export function DurationField({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  return <span>{formatDuration(record?.[source])}</span>;
}

/** Edited in seconds, stored in milliseconds. */
export function DurationInput(props: Omit<NumberInputProps, 'format' | 'parse'>) {
  return (
    <NumberInput
      {...props}
      min={0}
      step={1}
      helperText="In seconds"
      format={(ms: number | null | undefined) => (ms == null ? '' : Math.round(ms / 1000))}
      parse={(seconds: string | number | null) => (seconds === '' || seconds == null ? null : Math.round(Number(seconds) * 1000))}
    />
  );
}
