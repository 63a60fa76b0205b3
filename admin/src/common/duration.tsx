import { formatDuration } from '@app/shared/format/duration';
import { NumberInput, useRecordContext, type NumberInputProps } from 'react-admin';

/** A track's length as the back office lists it: m:ss (minutes past the hour too), nothing when unknown. */
export const trackLength = (ms: number | null | undefined): string => formatDuration(ms, { hours: false, empty: '' });

/** Durations are stored in milliseconds and shown as m:ss. */
export function DurationField({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  return <span>{trackLength(record?.[source])}</span>;
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
